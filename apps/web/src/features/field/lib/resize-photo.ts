// A photo from the phone's camera made small before it is kept (decision 0069): at most
// 1600 px on its longer side, as JPEG, so a day of photos fits the phone's storage and goes
// up quickly on a weak signal. The server checks and re-encodes it anyway (decision 0033).
export const PHOTO_MAX_SIDE = 1600;
const QUALITY = 0.82;

/** The size to draw at: the same shape, the longer side at most `max`. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The photo as a JPEG of at most 1600 px; rejects when the browser cannot read it as an image. */
export async function resizePhoto(file: Blob): Promise<Blob> {
  // The camera's orientation applied, as the crew saw the picture.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no JPEG'))), 'image/jpeg', QUALITY),
    );
  } finally {
    bitmap.close();
  }
}
