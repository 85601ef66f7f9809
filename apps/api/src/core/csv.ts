// CSV for spreadsheets set to Brazilian Portuguese (docs/decisions/0007-reports.md):
// a UTF-8 BOM so the accents are read as UTF-8, ";" between fields because "," is the
// decimal separator there, CRLF line ends, and fields quoted when they need it.
// Text that a spreadsheet would run as a formula is prefixed with an apostrophe, also when
// blanks or control characters come first or the sign is full-width (decision 0043); control
// characters other than tab and line ends are dropped from every cell.
import { withoutControls } from '../lib/control-chars.ts';
import { batchesInTurns } from '../lib/turns.ts';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

// Blanks (spaces, no-break and ideographic spaces, tab, CR, LF) and controls are skipped by
// spreadsheets before a formula's sign; ＝ ＋ － ＠ are read as = + - @ by some of them.
const FORMULA_START = /^[\s\p{Cc}]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/u;

/** A cell of free text (addresses, names): guarded against formula injection. */
export function textCell(value: string | null | undefined): string {
  const text = value ?? '';
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A field without control characters, quoted when it holds the separator, a quote, a line end or edge spaces. */
export function csvField(cell: string, separator: string = CSV_SEPARATOR): string {
  const value = withoutControls(cell);
  const needsQuotes = value.includes(separator) || /["\r\n]/.test(value) || value !== value.trim();
  return needsQuotes ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A line of fields; the open-data feed passes "," (RFC 4180: decision 0039). */
export function csvLine(cells: readonly string[], separator: string = CSV_SEPARATOR): string {
  return `${cells.map((cell) => csvField(cell, separator)).join(separator)}\r\n`;
}

/** The whole CSV, a batch of rows per chunk; consumed as a stream it honours backpressure. */
export async function* csvChunks(header: readonly string[], rows: AsyncIterable<string[][]>): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  // A turn of the event loop between batches: on SQLite the next batch is read synchronously.
  for await (const batch of batchesInTurns(rows)) {
    let chunk = '';
    for (const row of batch) chunk += csvLine(row);
    yield chunk;
  }
}
