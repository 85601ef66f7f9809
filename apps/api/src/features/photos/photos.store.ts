// Where a photo's bytes live (decision 0033): in its row (PHOTO_STORE=db, the default: every
// instance reads them, backups carry them) or as two files under PHOTO_DIR (PHOTO_STORE=dir,
// a folder every instance mounts). S3 is not built; a third store would go here.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PhotoSize } from '@acende/shared/schemas/photos';
import type { Config } from '../../config.ts';
import type { EncodedPhoto } from './photos.image.ts';

export interface StoredBytes {
  storage: 'db' | 'dir';
  storageKey: string | null;
  data: Buffer | null;
  thumb: Buffer | null;
}

export function photoDir(config: Config): string {
  return resolve(config.PHOTO_DIR ?? join(config.DATA_DIR, 'photos'));
}

const fileOf = (config: Config, key: string, size: PhotoSize) => join(photoDir(config), `${key}-${size}.jpg`);

/**
 * Writes the files first when the store is a folder; the row, written after, names them. The
 * files' names start with `owner`: a request's number, or a crew's (`crew7`, decision 0068).
 */
export async function storeBytes(config: Config, owner: number | string, photo: EncodedPhoto): Promise<StoredBytes> {
  if (config.PHOTO_STORE === 'db') return { storage: 'db', storageKey: null, data: photo.data, thumb: photo.thumb };
  const key = `${owner}-${randomBytes(12).toString('hex')}`;
  await mkdir(photoDir(config), { recursive: true, mode: 0o700 });
  try {
    await writeFile(fileOf(config, key, 'full'), photo.data, { mode: 0o600 });
    await writeFile(fileOf(config, key, 'thumb'), photo.thumb, { mode: 0o600 });
  } catch (error) {
    // A full disk (ENOSPC, EFBIG) leaves no half-written photo behind; the answer is 503 (decision 0048).
    await removeFiles(config, [key]);
    throw error;
  }
  return { storage: 'dir', storageKey: key, data: null, thumb: null };
}

export async function readBytes(
  config: Config,
  // A stored row as read for one size: it may carry only that size's column.
  row: { storage: string; storageKey: string | null; data?: Buffer | null; thumb?: Buffer | null },
  size: PhotoSize,
): Promise<Buffer | null> {
  if (row.storage === 'db') return (size === 'full' ? row.data : row.thumb) ?? null;
  if (!row.storageKey) return null;
  try {
    return await readFile(fileOf(config, row.storageKey, size));
  } catch {
    return null;
  }
}

/** Removes a folder store's files (after its rows are gone); the database store has none. */
export async function removeFiles(config: Config, keys: (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await rm(fileOf(config, key, 'full'), { force: true });
    await rm(fileOf(config, key, 'thumb'), { force: true });
  }
}
