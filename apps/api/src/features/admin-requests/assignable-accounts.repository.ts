// The accounts a request may be assigned to: active admin and user accounts that may see
// its company (decision 0002 §3).
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

/**
 * Active admin and user accounts that may see requests of `companyIds` (any of them):
 * admins and accounts without company links see everything (decision 0002 §3).
 * `companyIds` null means "any company".
 */
export function listAssignableAccounts(db: Db | Trx, companyIds: number[] | null, accountId?: number) {
  let query = db
    .selectFrom('admins')
    .select(['admins.id', 'admins.name', 'admins.username', 'admins.role'])
    .where('admins.active', '=', 1)
    .where('admins.role', 'in', ['admin', 'user']);
  if (accountId !== undefined) query = query.where('admins.id', '=', accountId);
  if (companyIds !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('admins.role', '=', 'admin'),
        eb.not(eb.exists(eb.selectFrom('adminCompanies').select('adminId').whereRef('adminId', '=', 'admins.id'))),
        companyIds.length
          ? eb.exists(
              eb
                .selectFrom('adminCompanies')
                .select('adminId')
                .whereRef('adminId', '=', 'admins.id')
                .where('companyId', 'in', companyIds),
            )
          : sql<boolean>`1 = 0`,
      ]),
    );
  }
  return query.orderBy('admins.name').orderBy('admins.id').execute();
}
