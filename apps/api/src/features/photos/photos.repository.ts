// The photos' SQL: the request an upload is for, the conditional take of one of its three
// places, the rows, and their removal (with the crew's photos of its stops) when the request is anonymised.
import type { Db, Trx } from '../../db/database.ts';
import type { StoredBytes } from './photos.store.ts';

const LISTED = ['id', 'position', 'width', 'height', 'isPublic', 'createdAt'] as const;

export function findUploadTarget(db: Db, requestId: number) {
  return db
    .selectFrom('repairRequests')
    .select(['id', 'trackingTokenHash', 'createdAt', 'anonymizedAt', 'photoCount'])
    .where('id', '=', requestId)
    .executeTakeFirst();
}

/**
 * Takes the next of the request's places, or none when all are taken: one conditional UPDATE,
 * so two uploads at once cannot both take the third (PostgreSQL locks the row, SQLite writes
 * one at a time). Answers the place (1..max) or undefined.
 */
export async function takePhotoPlace(trx: Trx, requestId: number, max: number): Promise<number | undefined> {
  const row = await trx
    .updateTable('repairRequests')
    .set((eb) => ({ photoCount: eb('photoCount', '+', 1) }))
    .where('id', '=', requestId)
    .where('photoCount', '<', max)
    .where('anonymizedAt', 'is', null)
    .returning('photoCount')
    .executeTakeFirst();
  return row ? Number(row.photoCount) : undefined;
}

export async function insertPhoto(
  trx: Trx,
  values: { requestId: number; position: number; width: number; height: number; createdAt: string } & StoredBytes,
) {
  const stored = values.data ?? Buffer.alloc(0);
  return trx
    .insertInto('requestPhotos')
    .values({ ...values, byteSize: stored.length, isPublic: 0 })
    .returning(LISTED)
    .executeTakeFirstOrThrow();
}

export function listPhotos(db: Db | Trx, requestId: number, onlyPublic: boolean) {
  let query = db.selectFrom('requestPhotos').select(LISTED).where('requestId', '=', requestId);
  if (onlyPublic) query = query.where('isPublic', '=', 1);
  return query.orderBy('position').execute();
}

export function findPhotoBytes(db: Db, requestId: number, photoId: number, size: 'thumb' | 'full') {
  return db
    .selectFrom('requestPhotos')
    .select(['id', 'isPublic', 'storage', 'storageKey', size === 'full' ? 'data' : 'thumb'])
    .where('requestId', '=', requestId)
    .where('id', '=', photoId)
    .executeTakeFirst();
}

export function findPhotoForUpdate(trx: Trx, requestId: number, photoId: number) {
  return trx
    .selectFrom('requestPhotos')
    .select(['id', 'position', 'isPublic'])
    .where('requestId', '=', requestId)
    .where('id', '=', photoId)
    .executeTakeFirst();
}

export async function setPhotoPublic(trx: Trx, photoId: number, isPublic: boolean) {
  return trx
    .updateTable('requestPhotos')
    .set({ isPublic: isPublic ? 1 : 0 })
    .where('id', '=', photoId)
    .returning(LISTED)
    .executeTakeFirstOrThrow();
}

/**
 * Deletes the requests' photos when they are anonymised: the citizen's and those a crew attached
 * to the requests' work order stops (a photo may show a house or a face, decision 0033). Answers
 * the folder store's keys to remove after commit.
 */
export async function deleteRequestPhotos(trx: Trx, requestIds: number[]): Promise<(string | null)[]> {
  if (requestIds.length === 0) return [];
  const rows = await trx
    .deleteFrom('requestPhotos')
    .where('requestId', 'in', requestIds)
    .returning('storageKey')
    .execute();
  const crewRows = await trx
    .deleteFrom('crewPhotos')
    .where('stopId', 'in', (eb) => eb.selectFrom('workOrderStops').select('id').where('requestId', 'in', requestIds))
    .returning('storageKey')
    .execute();
  return [...rows, ...crewRows].map((r) => r.storageKey);
}
