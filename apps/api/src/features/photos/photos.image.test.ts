// Only a photo format's signature reaches sharp: an SVG, a GIF, a TIFF or a PDF is refused as
// "not an image" before any of sharp's loaders (librsvg, poppler, giflib, libtiff) parses it.
// The API project shares modules between files (isolate: false), so this file imports
// photos.image.ts afresh, after the mock, and leaves the next file a fresh, unmocked graph.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ count: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const real = ((await importOriginal()) as { default: (...args: unknown[]) => unknown }).default;
  const spy = (...args: unknown[]) => {
    calls.count += 1;
    return real(...args);
  };
  return { default: Object.assign(spy, real) };
});

vi.resetModules();
const { encodePhoto } = await import('./photos.image.ts');
const { default: sharp } = await import('sharp');

const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

afterAll(() => {
  vi.doUnmock('sharp');
  vi.resetModules();
});

describe('photo signatures', () => {
  beforeEach(() => {
    calls.count = 0;
  });

  it.each([
    ['an SVG', async () => svg],
    [
      'a GIF',
      async () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
          .gif()
          .toBuffer(),
    ],
    [
      'a TIFF',
      async () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
          .tiff()
          .toBuffer(),
    ],
    ['a PDF', async () => Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')],
  ])('refuses %s before sharp reads it', async (_name, make) => {
    const bytes = await make();
    calls.count = 0;
    await expect(encodePhoto(bytes)).rejects.toMatchObject({
      code: 'public-photos.photos.errors.notImage',
      status: 400,
    });
    expect(calls.count).toBe(0);
  });

  it('lets a JPEG and a PNG through to sharp', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const bytes = await sharp({ create: { width: 8, height: 6, channels: 3, background: 'blue' } })
        [format]()
        .toBuffer();
      calls.count = 0;
      const photo = await encodePhoto(bytes);
      expect(photo.width).toBe(8);
      expect(calls.count).toBeGreaterThan(0);
    }
  });
});
