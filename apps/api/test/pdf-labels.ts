// Reads a QR-label PDF back the way a person would: each page is rendered to pixels
// (pdf.js on @napi-rs/canvas), each label's box is cut out and its QR code decoded with
// jsQR, and the text printed inside the box is collected. Used by the API suite and the
// browser journey, so both check what a phone pointed at the printed label would read.
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { LABEL_SHEET, LABELS_PER_PAGE, labelBox } from '../src/features/poles/poles-labels.layout.ts';

export interface ReadLabel {
  page: number;
  slot: number;
  /** What the QR code decodes to; null when there is a code-less label or none could be read. */
  qr: string | null;
  /** The label's printed text, in reading order, joined by single spaces. */
  text: string;
}

/** Pixels per PDF point: a module of the smallest code the labels draw spans about 5 pixels. */
const SCALE = 2.5;

export async function readLabels(pdfBytes: Uint8Array): Promise<{ pages: number; labels: ReadLabel[] }> {
  const pdf = await getDocument({
    data: new Uint8Array(pdfBytes),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const labels: ReadLabel[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: SCALE });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    const items = (await page.getTextContent()).items.flatMap((item) =>
      'str' in item && item.str.trim() ? [{ text: item.str, x: item.transform[4], y: item.transform[5] }] : [],
    );
    const pageHeight = page.view[3] ?? LABEL_SHEET.pageHeight;
    for (let slot = 0; slot < LABELS_PER_PAGE; slot += 1) {
      const box = labelBox(slot);
      const inside = items
        .map((item) => ({ ...item, top: pageHeight - item.y }))
        .filter((i) => i.x >= box.x && i.x < box.x + box.width && i.top > box.y && i.top <= box.y + box.height)
        .sort((a, b) => a.top - b.top || a.x - b.x);
      const image = context.getImageData(
        Math.floor(box.x * SCALE),
        Math.floor(box.y * SCALE),
        Math.ceil(box.width * SCALE),
        Math.ceil(box.height * SCALE),
      );
      const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
      if (!inside.length && !code) continue;
      labels.push({ page: n, slot, qr: code?.data ?? null, text: inside.map((i) => i.text).join(' ') });
    }
    page.cleanup();
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return { pages, labels };
}
