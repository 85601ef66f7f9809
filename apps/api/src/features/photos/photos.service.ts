// The rules of a request's photos (issue 22, decision 0033): the citizen adds up to three
// with the tracking link's token, shortly after filing; operators in scope see them all and
// publish one; the public tracking page sees the published ones only (decision 19).

import type { Language } from '@acende/shared/enums';
import {
  PHOTO_MAX_COUNT,
  PHOTO_UPLOAD_WINDOW_HOURS,
  type Photo,
  type PhotoList,
  type PhotoSize,
  type PublicPhotoList,
} from '@acende/shared/schemas/photos';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { findRequest } from '../../core/requests/request-detail.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { tokenMatches } from '../../lib/tokens.ts';
import { encodePhoto } from './photos.image.ts';
import { photosPdf } from './photos.pdf.ts';
import {
  findPhotoBytes,
  findPhotoForUpdate,
  findUploadTarget,
  insertPhoto,
  listPhotos,
  setPhotoPublic,
  takePhotoPlace,
} from './photos.repository.ts';
import { readBytes, removeFiles, storeBytes } from './photos.store.ts';

type Reader = Pick<AuthAdmin, 'role' | 'companyIds'>;
type PhotoRow = { id: number; position: number; width: number; height: number; isPublic: number; createdAt: string };

const toPhoto = (row: PhotoRow): Photo => ({
  id: Number(row.id),
  position: Number(row.position),
  width: Number(row.width),
  height: Number(row.height),
  isPublic: Number(row.isPublic) === 1,
  createdAt: row.createdAt,
});

const tooMany = () => new AppError('public-photos.photos.errors.tooMany', 409, { max: PHOTO_MAX_COUNT });

/** Adds one photo to a request; `token` is its tracking token. Nothing is kept when it is refused. */
export async function addPhoto(
  deps: AppDeps,
  requestId: number,
  token: string | undefined,
  body: Buffer | undefined,
): Promise<Photo> {
  const { db, config } = deps;
  const target = await findUploadTarget(db, requestId);
  if (!target) throw notFound('common.errors.requestNotFound');
  if (!tokenMatches(token, target.trackingTokenHash)) throw new AppError('public-photos.photos.errors.badToken', 403);
  const now = deps.clock.now();
  const closesAt = Date.parse(target.createdAt) + PHOTO_UPLOAD_WINDOW_HOURS * 3_600_000;
  if (target.anonymizedAt !== null || now.getTime() > closesAt)
    throw new AppError('public-photos.photos.errors.closed', 409);
  // A quick answer before the work of decoding; the place itself is taken below, in the write.
  if (Number(target.photoCount) >= PHOTO_MAX_COUNT) throw tooMany();

  const encoded = await encodePhoto(body ?? Buffer.alloc(0));
  const stored = await storeBytes(config, requestId, encoded);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const position = await takePhotoPlace(trx, requestId, PHOTO_MAX_COUNT);
      if (position === undefined) throw tooMany();
      return insertPhoto(trx, {
        requestId,
        position,
        width: encoded.width,
        height: encoded.height,
        createdAt: now.toISOString(),
        ...stored,
      });
    });
    return toPhoto(row);
  } catch (error) {
    await removeFiles(config, [stored.storageKey]);
    throw error;
  }
}

async function requestInScope(deps: AppDeps, admin: Reader, requestId: number): Promise<void> {
  const row = await findRequest(deps.db, companyScope(admin), requestId);
  if (!row) throw notFound('common.errors.requestNotFound');
}

export async function listRequestPhotos(deps: AppDeps, admin: Reader, requestId: number): Promise<PhotoList> {
  await requestInScope(deps, admin, requestId);
  return { photos: (await listPhotos(deps.db, requestId, false)).map(toPhoto) };
}

export async function listPublicPhotos(deps: AppDeps, requestId: number): Promise<PublicPhotoList> {
  const target = await findUploadTarget(deps.db, requestId);
  if (!target) throw notFound('common.errors.requestNotFound');
  const rows = await listPhotos(deps.db, requestId, true);
  return { photos: rows.map((r) => ({ id: Number(r.id), width: Number(r.width), height: Number(r.height) })) };
}

async function bytesOf(deps: AppDeps, requestId: number, photoId: number, size: PhotoSize, onlyPublic: boolean) {
  const row = await findPhotoBytes(deps.db, requestId, photoId, size);
  if (!row || (onlyPublic && Number(row.isPublic) !== 1)) throw notFound('public-photos.photos.errors.notFound');
  const bytes = await readBytes(deps.config, row, size);
  if (!bytes) throw notFound('public-photos.photos.errors.notFound');
  return bytes;
}

/** A photo's JPEG for an operator in scope, published or not. */
export async function readRequestPhoto(
  deps: AppDeps,
  admin: Reader,
  requestId: number,
  photoId: number,
  size: PhotoSize,
): Promise<Buffer> {
  await requestInScope(deps, admin, requestId);
  return bytesOf(deps, requestId, photoId, size, false);
}

/** The request's photos, full size, as a PDF in the reader's language (operators in scope). */
export async function exportRequestPhotosPdf(
  deps: AppDeps,
  admin: Reader,
  actor: AuditActor,
  requestId: number,
  language: Language,
): Promise<Buffer> {
  const request = await findRequest(deps.db, companyScope(admin), requestId);
  if (!request) throw notFound('common.errors.requestNotFound');
  const rows = await listPhotos(deps.db, requestId, false);
  // The photos may show a citizen's house or face: an export like the reports', one audit row.
  await recordAudit(
    deps.db,
    actor,
    {
      kind: 'request.photos.export',
      objectType: 'request',
      objectId: requestId,
      after: { format: 'pdf', language, photos: rows.length },
    },
    deps.clock.now().toISOString(),
  );
  const photos = [];
  for (const row of rows) {
    photos.push({
      position: Number(row.position),
      bytes: await bytesOf(deps, requestId, Number(row.id), 'full', false),
    });
  }
  return photosPdf(language, request, photos);
}

/** A published photo's JPEG for the public tracking page; an unpublished one does not exist there. */
export function readPublicPhoto(deps: AppDeps, requestId: number, photoId: number, size: PhotoSize): Promise<Buffer> {
  return bytesOf(deps, requestId, photoId, size, true);
}

/** Publishes or withdraws one photo (operators in scope); one audit row in the same transaction. */
export async function setRequestPhotoPublic(
  deps: AppDeps,
  admin: Reader,
  actor: AuditActor,
  requestId: number,
  photoId: number,
  isPublic: boolean,
): Promise<Photo> {
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const request = await findRequest(trx, companyScope(admin), requestId);
    if (!request) throw notFound('common.errors.requestNotFound');
    const photo = await findPhotoForUpdate(trx, requestId, photoId);
    if (!photo) throw notFound('public-photos.photos.errors.notFound');
    const row = await setPhotoPublic(trx, photoId, isPublic);
    await recordAudit(
      trx,
      actor,
      {
        kind: 'request.photo.publish',
        objectType: 'request',
        objectId: requestId,
        before: { photoId, position: Number(photo.position), isPublic: Number(photo.isPublic) === 1 },
        after: { photoId, position: Number(photo.position), isPublic },
      },
      now,
    );
    return toPhoto(row);
  });
}
