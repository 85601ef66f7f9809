// What anonymising does to the text a citizen wrote (decision 0043): the address is cut to
// street and area, and their reopen notes go, in the history and in the audit row that
// quoted them. The reference is cleared with the contact (ANONYMIZED_CONTACT).
import { cutAddress } from '@acende/shared/free-text-mask';
import type { Trx } from '../../db/database.ts';

/** An anonymised request's place, as the anonymising UPDATE answered it. */
export interface AnonymizedPlace {
  id: number;
  address: string;
  district: string | null;
  city: string | null;
}

/** The columns the anonymising UPDATE answers for scrubCitizenText. */
export const PLACE_COLUMNS = ['id', 'address', 'district', 'city'] as const;

/** The reopen audit row once its note is gone: what the reopen set, nothing the citizen wrote. */
const REOPEN_AFTER = JSON.stringify({ status: 'open', closedAt: null });

export async function scrubCitizenText(trx: Trx, places: AnonymizedPlace[]): Promise<void> {
  if (places.length === 0) return;
  for (const place of places) {
    const address = cutAddress(place.address, place.district, place.city);
    if (address === place.address) continue;
    await trx.updateTable('repairRequests').set({ address }).where('id', '=', place.id).execute();
  }
  const ids = places.map((place) => place.id);
  await trx
    .updateTable('requestEvents')
    .set({ notes: null })
    .where('requestId', 'in', ids)
    .where('kind', '=', 'reopened')
    .execute();
  await trx
    .updateTable('auditLog')
    .set({ after: REOPEN_AFTER })
    .where('kind', '=', 'request.reopen')
    .where('objectType', '=', 'request')
    .where(
      'objectId',
      'in',
      ids.map((id) => String(id)),
    )
    .execute();
}
