// Images for the photo suites, made on the spot: a JPEG carrying GPS EXIF as a phone writes
// it, a PDF under an image's name, and a decompression bomb (a tiny PNG of 100 megapixels).
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Text the GPS photo's EXIF carries, to look for in the stored bytes. */
export const EXIF_MARKER = 'Acende-Test-Camera-Serial-7731';

/** A 2400×1800 JPEG with GPS coordinates and a camera's make in its EXIF. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: EXIF_MARKER, Model: 'Phone' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '30/1 1/1 40/1', GPSLongitudeRef: 'W', GPSLongitude: '51/1 13/1 43/1' },
    })
    .toBuffer();
}

export function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 0, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A valid 10000×10000 one-bit PNG, all black: about 12 KB on the wire, 100 megapixels decoded. */
export function decompressionBomb(side = 10_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(row * side); // filter 0 and black pixels: zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
