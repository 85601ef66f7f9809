// A citizen's rating: the request as the rule needs it.
import type { Trx } from '../../db/database.ts';

export function findRequestForRating(trx: Trx, id: number) {
  return trx
    .selectFrom('repairRequests')
    .select(['id', 'status', 'trackingTokenHash', 'anonymizedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}
