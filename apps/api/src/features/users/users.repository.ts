import type { Db, Trx } from '../../db/database.ts';

const COLUMNS = ['id', 'username', 'name', 'email', 'role', 'active', 'crewId', 'createdAt', 'updatedAt'] as const;

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function listUsers(db: Db, page: { limit: number; offset: number }) {
  return db
    .selectFrom('admins')
    .select(COLUMNS)
    .orderBy('username')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function findUser(db: Db | Trx, id: number) {
  return db.selectFrom('admins').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Company links of the given accounts, with the company's short name. */
export function companiesOf(db: Db | Trx, adminIds: number[]) {
  if (adminIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('adminCompanies')
    .innerJoin('energyCompanies', 'energyCompanies.id', 'adminCompanies.companyId')
    .select(['adminCompanies.adminId', 'energyCompanies.id', 'energyCompanies.name'])
    .where('adminCompanies.adminId', 'in', adminIds)
    .orderBy('energyCompanies.name')
    .orderBy('energyCompanies.id')
    .execute();
}

/** Names of the given crews (a crew account's, decision 0068). */
export async function crewNames(db: Db | Trx, crewIds: number[]): Promise<Map<number, string>> {
  if (crewIds.length === 0) return new Map();
  const rows = await db.selectFrom('crews').select(['id', 'name']).where('id', 'in', crewIds).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The crew a crew account is given: its company and whether it is on. */
export function findCrewOfAccount(db: Db | Trx, crewId: number) {
  return db.selectFrom('crews').select(['id', 'companyId', 'active']).where('id', '=', crewId).executeTakeFirst();
}

export async function existingCompanyIds(db: Db | Trx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('energyCompanies').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function usernameTakenByOther(db: Db | Trx, username: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('admins').select('id').where('username', '=', username);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(
  trx: Trx,
  user: {
    username: string;
    name: string;
    email: string | null;
    role: string;
    crewId: number | null;
    passwordHash: string;
    now: string;
  },
): Promise<number> {
  const row = await trx
    .insertInto('admins')
    .values({
      username: user.username,
      name: user.name,
      email: user.email,
      role: user.role,
      crewId: user.crewId,
      passwordHash: user.passwordHash,
      active: 1,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserRow(
  trx: Trx,
  id: number,
  changes: {
    username: string;
    name: string;
    email: string | null;
    role: string;
    crewId: number | null;
    active?: number;
    passwordHash?: string;
    now: string;
  },
) {
  const { now, ...rest } = changes;
  await trx
    .updateTable('admins')
    .set({ ...rest, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

export async function replaceCompanyLinks(trx: Trx, adminId: number, companyIds: number[], now: string) {
  await trx.deleteFrom('adminCompanies').where('adminId', '=', adminId).execute();
  if (companyIds.length === 0) return;
  await trx
    .insertInto('adminCompanies')
    .values(companyIds.map((companyId) => ({ adminId, companyId, createdAt: now })))
    .execute();
}
