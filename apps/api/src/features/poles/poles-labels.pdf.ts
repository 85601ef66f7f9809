// Writes QR labels for poles onto A4 sheets (poles-labels.layout.ts) while their rows are
// still being read: pdfkit flushes each finished page and the writer waits for the reader
// of the stream (core/pdf.ts's drained), so memory stays flat for a company of any size.
// The QR code is drawn as vector squares: sharp at any printer resolution, and small.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { drained, fit, newPdf, toWinAnsi } from '../../core/pdf.ts';
import { loadOnUse } from '../../lib/load-on-use.ts';
import { LABEL_SHEET, LABELS_PER_PAGE, labelBox } from './poles-labels.layout.ts';

const qrcode = loadOnUse<typeof import('qrcode')>('qrcode');

type Doc = PDFKit.PDFDocument;

export interface PoleLabel {
  number: string;
  companyName: string;
  /** The address the QR code carries and the label prints under it. */
  url: string;
}

export interface LabelSheetText {
  title: string;
  /** The service's name, printed on every label. */
  serviceName: string;
  /** The line under each sheet ("QR labels · CEEE · page 3"). */
  footer: (page: number) => string;
}

const { mm } = LABEL_SHEET;
/** The QR code's side at most; a long address may shrink it to make room for its text. */
const QR_MAX = 25 * mm;
/** Below the code, before the address: with the padding, about the 4-module quiet zone. */
const QR_GAP_BELOW = 2.5 * mm;
const QR_GAP_RIGHT = 3.5 * mm;
const ADDRESS_SIZE = 6;
const ADDRESS_MIN_SIZE = 4.5;
const NUMBER_MAX_SIZE = 24;
const NUMBER_MIN_SIZE = 8;
const GREY = '#444444';

/** Creates the document; write it with writeLabels while the caller streams it out. */
export function createLabelsPdf(title: string): Doc {
  return newPdf({
    size: 'A4',
    layout: 'portrait',
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    bufferPages: false,
    autoFirstPage: false,
    info: { Title: toWinAnsi(title), Producer: 'Acende', Creator: 'Acende' },
  });
}

/**
 * Writes every label of `batches`, 21 to a sheet, then ends the document. Returns how many
 * labels were written.
 */
export async function writeLabels(
  doc: Doc,
  text: LabelSheetText,
  batches: AsyncIterable<PoleLabel[]>,
): Promise<number> {
  let written = 0;
  let page = 0;
  for await (const batch of batches) {
    for (const label of batch) {
      const slot = written % LABELS_PER_PAGE;
      if (slot === 0) {
        // A sheet takes some 30 ms to draw: between sheets, the reader and other requests get a turn.
        if (page > 0) await Promise.all([drained(doc), nextTurn()]);
        page += 1;
        startSheet(doc, `${text.title} · ${text.footer(page)}`);
      }
      drawLabel(doc, labelBox(slot), label, text.serviceName);
      written += 1;
    }
    await drained(doc);
  }
  doc.end();
  return written;
}

/** A new page with its cutting marks (in the margins, off the labels) and its footer. */
function startSheet(doc: Doc, footer: string): void {
  doc.addPage();
  const { left, top, pitchX, pitchY, labelWidth, columns, rows, pageWidth, pageHeight } = LABEL_SHEET;
  const bottom = top + rows * pitchY;
  const right = left + (columns - 1) * pitchX + labelWidth;
  const near = 1.5 * mm;
  const far = 4.5 * mm;
  for (let c = 0; c < columns; c += 1) {
    for (const x of [left + c * pitchX, left + c * pitchX + labelWidth]) {
      doc.moveTo(x, top - far).lineTo(x, top - near);
      doc.moveTo(x, bottom + near).lineTo(x, bottom + far);
    }
  }
  for (let r = 0; r <= rows; r += 1) {
    const y = top + r * pitchY;
    doc.moveTo(left - far, y).lineTo(left - near, y);
    doc.moveTo(right + near, y).lineTo(right + far, y);
  }
  doc.lineWidth(0.4).strokeColor('#999999').stroke();
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(GREY)
    .text(toWinAnsi(footer), left, Math.min(bottom + far + 1.5 * mm, pageHeight - 8 * mm), {
      width: pageWidth - 2 * left,
      lineBreak: false,
    });
}

function drawLabel(
  doc: Doc,
  box: { x: number; y: number; width: number; height: number },
  label: PoleLabel,
  serviceName: string,
): void {
  const pad = LABEL_SHEET.padding;
  const x0 = box.x + pad;
  const y0 = box.y + pad;
  const width = box.width - 2 * pad;
  const height = box.height - 2 * pad;

  // The address under the code, whole: a smaller type first, then a second line.
  const address = toWinAnsi(label.url);
  let addressSize = ADDRESS_SIZE;
  doc.font('Helvetica').fontSize(addressSize);
  while (addressSize > ADDRESS_MIN_SIZE && doc.widthOfString(address) > width) {
    addressSize -= 0.25;
    doc.fontSize(addressSize);
  }
  const addressLines = splitToWidth(doc, address, width);
  const lineHeight = addressSize * 1.15;
  const addressTop = y0 + height - addressLines.length * lineHeight;
  const qrSize = Math.min(QR_MAX, addressTop - QR_GAP_BELOW - y0);

  drawQr(doc, label.url, x0, y0, qrSize);
  doc.fillColor('#000000');
  addressLines.forEach((line, i) => {
    doc.text(line, x0, addressTop + i * lineHeight, { lineBreak: false });
  });

  // Beside the code: the service's name, the pole number as large as fits, the company.
  const tx = x0 + qrSize + QR_GAP_RIGHT;
  const tw = x0 + width - tx;
  doc.font('Helvetica').fontSize(7).fillColor(GREY);
  doc.text(fit(doc, serviceName, tw)[0], tx, y0, { lineBreak: false });

  const number = toWinAnsi(label.number);
  const companyTop = y0 + qrSize - 9;
  const numberRoom = companyTop - (y0 + 10) - 2;
  doc.font('Helvetica-Bold').fillColor('#000000');
  let size = NUMBER_MAX_SIZE;
  let lines = [number];
  for (; size >= NUMBER_MIN_SIZE; size -= 1) {
    doc.fontSize(size);
    lines = splitToWidth(doc, number, tw);
    if (lines.length * size * 1.1 <= numberRoom && (lines.length === 1 || size <= 12)) break;
  }
  size = Math.max(size, NUMBER_MIN_SIZE);
  doc.fontSize(size);
  const blockHeight = lines.length * size * 1.1;
  const numberTop = y0 + 10 + (numberRoom - blockHeight) / 2;
  lines.forEach((line, i) => {
    doc.text(line, tx, numberTop + i * size * 1.1, { lineBreak: false });
  });

  doc.font('Helvetica').fontSize(8).fillColor('#000000');
  doc.text(fit(doc, label.companyName, tw)[0], tx, companyTop, { lineBreak: false });
}

/**
 * The QR code of `text` (error correction Q: a label outdoors gets dirty), its dark runs as
 * rectangles in module units (whole numbers compress to a few bytes) scaled into place.
 */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number): void {
  // One byte-mode segment: the address is short, and the library's search for the best mix
  // of modes costs more than the code it saves.
  const { modules } = qrcode().create([{ data: Buffer.from(text), mode: 'byte' }], { errorCorrectionLevel: 'Q' });
  const n = modules.size;
  doc.save();
  doc.translate(x, y).scale(size / n);
  for (let row = 0; row < n; row += 1) {
    let column = 0;
    while (column < n) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      let end = column + 1;
      while (end < n && modules.get(row, end)) end += 1;
      doc.rect(column, row, end - column, 1);
      column = end;
    }
  }
  doc.fill('#000000');
  doc.restore();
}

/**
 * `text` cut into lines no wider than `width` at the current font, character by character,
 * preferring to break after a slash or hyphen in the second half of a line.
 */
export function splitToWidth(doc: Doc, text: string, width: number): string[] {
  if (doc.widthOfString(text) <= width) return [text];
  const lines: string[] = [];
  let rest = text;
  while (rest && doc.widthOfString(rest) > width) {
    let cut = 1;
    while (cut < rest.length && doc.widthOfString(rest.slice(0, cut + 1)) <= width) cut += 1;
    const head = rest.slice(0, cut);
    const soft = Math.max(head.lastIndexOf('/'), head.lastIndexOf('-'));
    if (soft >= cut / 2 && soft < cut - 1) cut = soft + 1;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) lines.push(rest);
  return lines;
}
