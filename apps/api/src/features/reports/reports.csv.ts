// CSV for spreadsheets set to Brazilian Portuguese (docs/decisions/0007-reports.md):
// a UTF-8 BOM so the accents are read as UTF-8, ";" between fields because "," is the
// decimal separator there, CRLF line ends, and fields quoted when they need it.
// Text that a spreadsheet would run as a formula is prefixed with an apostrophe.

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell of free text (addresses, names): guarded against formula injection. */
export function textCell(value: string | null | undefined): string {
  const text = value ?? '';
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvField(value: string): string {
  return /[";\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvField).join(CSV_SEPARATOR)}\r\n`;
}

/** The whole CSV, a batch of rows per chunk; consumed as a stream it honours backpressure. */
export async function* csvChunks(header: readonly string[], rows: AsyncIterable<string[][]>): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  for await (const batch of rows) {
    let chunk = '';
    for (const row of batch) chunk += csvLine(row);
    yield chunk;
  }
}
