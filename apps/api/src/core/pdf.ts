// What every PDF the API writes shares (reports, photo sheets, pole labels): text in the
// standard fonts' WinAnsi, cut to a width, and a writer that waits for its reader.
import { loadOnUse } from '../lib/load-on-use.ts';

export type Doc = PDFKit.PDFDocument;

/** pdfkit, loaded by the first PDF rather than at start-up (decision 0055). */
const pdfkit = loadOnUse<typeof import('pdfkit')>('pdfkit');

/** A new pdfkit document. */
export function newPdf(options: PDFKit.PDFDocumentOptions): Doc {
  const PDFDocument = pdfkit();
  return new PDFDocument(options);
}

// WinAnsi beyond Latin-1: the characters Helvetica can still show.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const PLAIN = /^[\x20-\x7e\xa0-\xff]*$/;

export function toWinAnsi(text: string): string {
  if (PLAIN.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (code === 9 || code === 10 || code === 13) out += ' ';
    // Other control characters (C0, DEL, C1) are dropped, not shown as "?" (decision 0043).
    else if (code < 32 || (code >= 127 && code < 160)) continue;
    else if ((code >= 32 && code <= 126) || (code >= 160 && code <= 255) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += '?';
  }
  return out;
}

/** The text cut to fit `width` (with an ellipsis) and its width. */
export function fit(doc: Doc, text: string, width: number): [string, number] {
  const clean = toWinAnsi(text);
  const full = doc.widthOfString(clean);
  if (full <= width) return [clean, full];
  let lo = 0;
  let hi = clean.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${clean.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  const cut = `${clean.slice(0, lo)}…`;
  return [cut, doc.widthOfString(cut)];
}

/** Thrown inside the writer when the reader went away (a download cancelled): stop quietly. */
export class ReaderGone extends Error {}

/**
 * Resolves when the reader has taken what is queued (pdfkit pushes without waiting);
 * rejects with ReaderGone when the stream was destroyed, so the writer stops reading rows.
 */
export function drained(doc: Doc): Promise<void> {
  const stream = doc as unknown as {
    readableLength: number;
    readableHighWaterMark: number;
    destroyed: boolean;
    _read: () => void;
  };
  if (stream.destroyed) return Promise.reject(new ReaderGone());
  if (stream.readableLength < stream.readableHighWaterMark * 4) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const original = stream._read;
    const onClose = () => {
      stream._read = original;
      reject(new ReaderGone());
    };
    doc.once('close', onClose);
    stream._read = () => {
      stream._read = original;
      doc.off('close', onClose);
      resolve();
    };
  });
}
