import type { Db } from '../../db/database.ts';

export function listActiveCompanies(db: Db) {
  return db
    .selectFrom('energyCompanies')
    .select(['id', 'name', 'fullName', 'colorClass', 'iconClass'])
    .where('active', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findActiveCompany(db: Db, id: number) {
  return db
    .selectFrom('energyCompanies')
    .select(['id', 'name', 'fullName'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
}
