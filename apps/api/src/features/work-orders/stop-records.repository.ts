// SQL of what a crew recorded at a work order's stops (decision 0068), read for the office: the
// materials used and the photos attached, each for the whole order in one query (no query per stop).
import type { PhotoSize } from '@acende/shared/schemas/photos';
import type { Db } from '../../db/database.ts';

/** The materials used at the order's stops, by stop, in the material's name order. */
export function listStopMaterials(db: Db, workOrderId: number) {
  return db
    .selectFrom('workOrderStopMaterials as u')
    .innerJoin('workOrderStops as s', 's.id', 'u.stopId')
    .innerJoin('materials as m', 'm.id', 'u.materialId')
    .select(['u.stopId', 'm.name', 'm.unit', 'u.quantity'])
    .where('s.workOrderId', '=', workOrderId)
    .orderBy('u.stopId')
    .orderBy('m.name')
    .orderBy('m.id')
    .execute();
}

/** The photos attached to the order's stops, by stop, in the order they were uploaded. */
export function listStopPhotos(db: Db, workOrderId: number) {
  return db
    .selectFrom('crewPhotos as p')
    .innerJoin('workOrderStops as s', 's.id', 'p.stopId')
    .select(['p.id', 'p.stopId', 'p.width', 'p.height'])
    .where('s.workOrderId', '=', workOrderId)
    .orderBy('p.stopId')
    .orderBy('p.id')
    .execute();
}

/** One photo's bytes when it is attached to a stop of `workOrderId`; undefined otherwise. */
export function findStopPhotoBytes(db: Db, workOrderId: number, photoId: number, size: PhotoSize) {
  return db
    .selectFrom('crewPhotos as p')
    .innerJoin('workOrderStops as s', 's.id', 'p.stopId')
    .select(['p.storage', 'p.storageKey', size === 'full' ? 'p.data' : 'p.thumb'])
    .where('s.workOrderId', '=', workOrderId)
    .where('p.id', '=', photoId)
    .executeTakeFirst();
}
