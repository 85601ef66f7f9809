// Shrinks a photo in the browser before it is sent (decision 0033): decoded upright, drawn
// with its long side at most PHOTO_LONG_SIDE, written as JPEG at 0.8. A 12 MB phone photo
// leaves as a few hundred KB, and the canvas carries none of the original's EXIF.
// Loaded on first use only (import()), never with the wizard's step 1.
import { PHOTO_LONG_SIDE } from '@acende/shared/schemas/photos';

export class NotAnImageError extends Error {}

export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new NotAnImageError('not an image');
  }
  const scale = Math.min(1, PHOTO_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new NotAnImageError('no canvas');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
  if (!blob) throw new NotAnImageError('not encoded');
  return blob;
}
