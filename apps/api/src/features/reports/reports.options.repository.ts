// The reports' filter options and the names their headers print, each within the reader's
// company scope (decision 0002 §3): companies, assignees, areas, an account's or company's name.
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export function listScopedCompanies(db: Db, scope: number[] | null) {
  let query = db.selectFrom('energyCompanies').select(['id', 'name']).orderBy('name').orderBy('id');
  if (scope) query = query.where('id', 'in', scope.length ? scope : [0]);
  return query.execute();
}

type AdminsEb = ExpressionBuilder<Database, 'admins'>;

/**
 * The accounts a reader limited to `scope` may see named: those that work on its
 * companies, that is admins, accounts without company links (both see every company)
 * and accounts linked to one of them; the rule of the assignee list (admin-requests).
 */
function accountInScope(eb: AdminsEb, scope: number[]) {
  return eb.or([
    eb('admins.role', '=', 'admin'),
    eb.not(eb.exists(eb.selectFrom('adminCompanies').select('adminId').whereRef('adminId', '=', 'admins.id'))),
    eb.exists(
      eb
        .selectFrom('adminCompanies')
        .select('adminId')
        .whereRef('adminId', '=', 'admins.id')
        .where('companyId', 'in', scope.length ? scope : [0]),
    ),
  ]);
}

export function listAssignees(db: Db, scope: number[] | null) {
  let query = db
    .selectFrom('admins')
    .select(['admins.id', 'admins.name'])
    .where('admins.active', '=', 1)
    .orderBy('admins.name')
    .orderBy('admins.id');
  if (scope) query = query.where((eb) => accountInScope(eb, scope));
  return query.execute();
}

export function listAreas(db: Db, scope: number[] | null) {
  let query = db
    .selectFrom('repairRequests')
    .select(['city', 'district'])
    .distinct()
    .orderBy('city')
    .orderBy('district');
  if (scope) query = query.where('companyId', 'in', scope.length ? scope : [0]);
  return query.execute();
}

/** An account's name, when the reader's scope may see it. */
export function findAdminName(db: Db, id: number, scope: number[] | null) {
  let query = db.selectFrom('admins').select('admins.name').where('admins.id', '=', id);
  if (scope) query = query.where((eb) => accountInScope(eb, scope));
  return query.executeTakeFirst();
}

/** A company's name, when the reader's scope holds it. */
export function findCompanyName(db: Db, id: number, scope: number[] | null) {
  if (scope && !scope.includes(id)) return Promise.resolve(undefined);
  return db.selectFrom('energyCompanies').select('name').where('id', '=', id).executeTakeFirst();
}
