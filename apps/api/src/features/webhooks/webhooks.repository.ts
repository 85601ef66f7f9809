// SQL of the webhook endpoints (migration 0058): never the sealed secrets in what is listed.
import type { Db } from '../../db/database.ts';

function endpoints(db: Db) {
  return db
    .selectFrom('webhookEndpoints as e')
    .innerJoin('energyCompanies as c', 'c.id', 'e.companyId')
    .leftJoin('admins as a', 'a.id', 'e.createdById')
    .select((eb) => [
      'e.id',
      'e.companyId',
      'c.name as companyName',
      'e.url',
      'e.description',
      'e.events',
      'e.active',
      'e.secretPrefix',
      'e.createdAt',
      'a.username as createdBy',
      eb
        .selectFrom('webhookDeliveries as d')
        .select((s) => s.fn.countAll<number | string>().as('n'))
        .whereRef('d.endpointId', '=', 'e.id')
        .where('d.state', '=', 'pending')
        .as('pending'),
      eb
        .selectFrom('webhookDeliveries as d')
        .select((s) => s.fn.countAll<number | string>().as('n'))
        .whereRef('d.endpointId', '=', 'e.id')
        .where('d.state', '=', 'dead')
        .as('dead'),
      eb
        .selectFrom('webhookDeliveries as d')
        .select((s) => s.fn.max('d.deliveredAt').as('at'))
        .whereRef('d.endpointId', '=', 'e.id')
        .as('lastDeliveredAt'),
    ]);
}

export function listEndpoints(db: Db) {
  return endpoints(db).orderBy('c.name').orderBy('e.id').execute();
}

export function findEndpoint(db: Db, id: number) {
  return endpoints(db).where('e.id', '=', id).executeTakeFirst();
}

export async function countCompanyEndpoints(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('webhookEndpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('companyId', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(
  db: Db,
  values: {
    companyId: number;
    url: string;
    description: string | null;
    events: string;
    secretSealed: string;
    secretPrefix: string;
    createdById: number | null;
    createdAt: string;
    updatedAt: string;
  },
): Promise<number> {
  const row = await db.insertInto('webhookEndpoints').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEndpoint(
  db: Db,
  id: number,
  values: Partial<{
    url: string;
    description: string | null;
    events: string;
    active: number;
    secretSealed: string;
    secretPrefix: string;
    previousSecretSealed: string | null;
    previousSecretUntil: string | null;
    updatedAt: string;
  }>,
): Promise<void> {
  await db.updateTable('webhookEndpoints').set(values).where('id', '=', id).execute();
}

/** The sealed current secret, for a rotation to keep signing with for a while. */
export function findEndpointSecret(db: Db, id: number) {
  return db
    .selectFrom('webhookEndpoints')
    .select(['secretSealed', 'secretPrefix'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Deletes an endpoint with its deliveries (pending ones are not sent). */
export async function deleteEndpoint(db: Db, id: number): Promise<void> {
  await db.deleteFrom('webhookDeliveries').where('endpointId', '=', id).execute();
  await db.deleteFrom('webhookEndpoints').where('id', '=', id).execute();
}

export function findCompany(db: Db, id: number) {
  return db.selectFrom('energyCompanies').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}
