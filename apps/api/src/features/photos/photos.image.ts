// Turns a stranger's bytes into a photo the app serves: decoded by sharp (never by the type
// the client claimed), refused past PHOTO_MAX_PIXELS before the pixels are decoded, turned
// upright, shrunk to PHOTO_LONG_SIDE and written anew as JPEG with no metadata at all
// (sharp keeps none unless asked: EXIF, GPS, XMP and ICC comments are gone). The bytes' own
// signature is checked first, so only a photo format reaches sharp's loaders at all (not SVG,
// PDF, TIFF or GIF, whose parsers a stranger's file has no business exercising).
import { PHOTO_LONG_SIDE, PHOTO_MAX_PIXELS } from '@acende/shared/schemas/photos';
import { AppError } from '../../lib/errors.ts';

const READABLE = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);
/** The signatures (magic bytes) let through to sharp. */
const SIGNATURES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif']);
const THUMB_SIDE = 320;

export interface EncodedPhoto {
  data: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

const notImage = () => new AppError('public-photos.photos.errors.notImage', 400);
const tooManyPixels = () =>
  new AppError('public-photos.photos.errors.tooManyPixels', 400, { max: PHOTO_MAX_PIXELS / 1_000_000 });

/** sharp's refusal past limitInputPixels says so; any other failure to read is "not an image". */
function tooManyPixelsOr(error: unknown): AppError {
  return error instanceof Error && /pixel limit/i.test(error.message) ? tooManyPixels() : notImage();
}

export async function encodePhoto(input: Buffer): Promise<EncodedPhoto> {
  // A body of another type (JSON, a form) was parsed as such and is no image's bytes.
  if (!Buffer.isBuffer(input)) throw notImage();
  if (input.length === 0) throw new AppError('public-photos.photos.errors.empty', 400);
  // Loaded by the first photo, not at start-up (decision 0055).
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import('file-type'), import('sharp')]);
  const signature = await fileTypeFromBuffer(input);
  if (!signature || !SIGNATURES.has(signature.mime)) throw notImage();
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' as const, sequentialRead: true };
  let format: string | undefined;
  let pixels = 0;
  try {
    // The header only: the format and the size, before any pixel is decoded.
    const meta = await sharp(input, options).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
  } catch (error) {
    throw tooManyPixelsOr(error);
  }
  if (!format || !READABLE.has(format)) throw notImage();
  if (pixels > PHOTO_MAX_PIXELS) throw tooManyPixels();
  try {
    const upright = sharp(input, { ...options, pages: 1 }).rotate();
    const { data, info } = await upright
      .clone()
      .resize(PHOTO_LONG_SIDE, PHOTO_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(data)
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 72 })
      .toBuffer();
    return { data, thumb, width: info.width, height: info.height };
  } catch (error) {
    // Truncated or corrupt: the header read, the pixels did not.
    throw tooManyPixelsOr(error);
  }
}
