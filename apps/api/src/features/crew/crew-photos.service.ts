// A crew's photo, uploaded under the phone's key before the action that names it (decision
// 0068): re-encoded as the citizens' photos are (decision 0033), kept under the account's crew,
// once per key: the same key again answers the photo already kept, whatever the bytes.
import type { AppDeps } from '../../app-deps.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { encodePhoto } from '../photos/photos.image.ts';
import { removeFiles, storeBytes } from '../photos/photos.store.ts';
import { crewOfAccount } from './crew-day.service.ts';

export interface CrewPhotoResult {
  key: string;
  width: number;
  height: number;
}

function findPhoto(db: Db, crewId: number, key: string) {
  return db
    .selectFrom('crewPhotos')
    .select(['photoKey as key', 'width', 'height'])
    .where('crewId', '=', crewId)
    .where('photoKey', '=', key)
    .executeTakeFirst();
}

export async function putCrewPhoto(
  deps: AppDeps,
  admin: AuthAdmin,
  key: string,
  body: Buffer | undefined,
): Promise<CrewPhotoResult> {
  const crew = await crewOfAccount(deps.db, admin);
  const kept = await findPhoto(deps.db, crew.id, key);
  if (kept) return kept;
  const photo = await encodePhoto(body ?? Buffer.alloc(0));
  const stored = await storeBytes(deps.config, `crew${crew.id}`, photo);
  const row = await deps.db
    .insertInto('crewPhotos')
    .values({
      crewId: crew.id,
      photoKey: key,
      stopId: null,
      width: photo.width,
      height: photo.height,
      byteSize: photo.data.length,
      ...stored,
      createdById: admin.id,
      createdAt: iso(deps.clock),
    })
    .onConflict((oc) => oc.columns(['crewId', 'photoKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return { key, width: photo.width, height: photo.height };
  // The same key uploaded at the same time: the first one kept is the answer, this copy goes.
  await removeFiles(deps.config, [stored.storageKey]);
  const first = await findPhoto(deps.db, crew.id, key);
  if (!first) throw new Error('crew photo claimed and not found');
  return first;
}
