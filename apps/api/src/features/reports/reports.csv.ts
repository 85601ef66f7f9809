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

/** A field quoted when it holds the separator, a quote, a line end or edge spaces. */
export function csvField(value: string, separator: string = CSV_SEPARATOR): string {
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
  for await (const batch of rows) {
    let chunk = '';
    for (const row of batch) chunk += csvLine(row);
    yield chunk;
  }
}
