// Photos on a repair request (issue 22, decision 0033): limits the browser, the API and the
// tests share, and what the API answers about a request's photos.
import * as z from 'zod/mini';

/** Photos one request may carry. */
export const PHOTO_MAX_COUNT = 3;
/** The largest file the API reads (the browser shrinks a phone photo to a few hundred KB first). */
export const PHOTO_MAX_MB = 5;
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;
/** The long side the browser shrinks to and the server re-encodes at (at most). */
export const PHOTO_LONG_SIDE = 1600;
/** The most pixels the server decodes (a decompression bomb stops here): 50 megapixels. */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** How long after filing the citizen's link may still add photos (a retry from a draft). */
export const PHOTO_UPLOAD_WINDOW_HOURS = 24;
/** The types the upload route reads; the bytes, not the type, decide what the file is. */
export const PHOTO_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/avif',
  'application/octet-stream',
];

export const photoSizes = ['thumb', 'full'] as const;
export type PhotoSize = (typeof photoSizes)[number];

export const photoSchema = z.object({
  id: z.number(),
  position: z.number(),
  width: z.number(),
  height: z.number(),
  isPublic: z.boolean(),
  createdAt: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoListSchema = z.object({ photos: z.array(photoSchema) });
export type PhotoList = z.infer<typeof photoListSchema>;

export const publicPhotoSchema = z.object({ id: z.number(), width: z.number(), height: z.number() });
export const publicPhotoListSchema = z.object({ photos: z.array(publicPhotoSchema) });
export type PublicPhotoList = z.infer<typeof publicPhotoListSchema>;

export const setPhotoPublicSchema = z.object({ isPublic: z.boolean() });
export type SetPhotoPublic = z.infer<typeof setPhotoPublicSchema>;
