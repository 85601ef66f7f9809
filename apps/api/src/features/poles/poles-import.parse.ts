// Reads a poles file (CSV or GeoJSON, as utilities export them) into rows and row errors,
// without touching the database. A file that cannot be read at all is an AppError (4xx);
// what is wrong with single rows is collected, so the preview can list it.
import type { PoleImportFormat } from '@acende/shared/schemas/poles-import';
import { AppError } from '../../lib/errors.ts';
import { type Adjustment, collectAdjustments } from './poles-import.adjustments.ts';
import { readCsv } from './poles-import.csv.ts';
import { readGeoJson } from './poles-import.geojson.ts';
import { Collector, type ParsedPole, type RowIssue } from './poles-import.rows.ts';

export interface ParsedFile {
  format: PoleImportFormat;
  poles: ParsedPole[];
  /** The first POLE_IMPORT_MAX_ERRORS issues, in file order. */
  issues: RowIssue[];
  issueCount: number;
  /** Rows (lines or features) with at least one error; they are not in `poles`. */
  rowsWithErrors: number;
  /** The first POLE_IMPORT_MAX_ADJUSTMENTS values of `poles` stored otherwise than written, in file order. */
  adjustments: Adjustment[];
  adjustmentCount: number;
}

// Bytes that never appear in a text file (NUL and the other C0 controls but tab, CR, LF).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The file's text: UTF-8 when it is valid UTF-8, or when it is mostly UTF-8 with a few bad
 * bytes (those become U+FFFD and their rows are refused by name, not read as mojibake);
 * otherwise Windows-1252 (what Excel in Portuguese saves a "CSV" as). Never throws: junk is
 * judged by readPoleFile.
 */
export function decodeUpload(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const loose = new TextDecoder('utf-8').decode(bytes);
    text = mostlyUtf8(loose) ? loose : new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Whether text decoded loosely as UTF-8 has more characters that decoded well beyond ASCII
 * than bytes that did not: a Windows-1252 file's accents are almost never valid UTF-8, a
 * UTF-8 file damaged in a few places keeps most of its own.
 */
function mostlyUtf8(loose: string): boolean {
  let good = 0;
  let bad = 0;
  for (const char of loose) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0xfffd) bad++;
    else if (code > 0x7f) good++;
  }
  return good > bad;
}

/** Whether decoded text holds bytes no text file has (a binary file, or junk). */
export function looksBinary(text: string): boolean {
  return BINARY.test(text);
}

/** The format a Content-Type names, or undefined for one the import does not read. */
export function formatOf(contentType: string | undefined): PoleImportFormat | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/csv' || type === 'application/csv' || type === 'application/vnd.ms-excel') return 'csv';
  if (type === 'application/geo+json' || type === 'application/json') return 'geojson';
  return undefined;
}

/** Reads `text` as `format`; throws AppError(400) when the file as a whole cannot be read. */
export function readPoleFile(text: string, format: PoleImportFormat): ParsedFile {
  if (text.trim() === '') throw new AppError('admin-poles.poles.import.errors.empty', 400);
  if (looksBinary(text)) throw new AppError('admin-poles.poles.import.errors.binary', 400);
  const issues = new Collector();
  const { poles, numberField } = format === 'csv' ? readCsv(text, issues) : readGeoJson(text, issues);
  markDuplicates(poles, issues, format, numberField);
  return {
    format,
    poles,
    issues: issues.issues.sort((a, b) => a.row - b.row),
    issueCount: issues.count,
    rowsWithErrors: issues.rows.size,
    // After markDuplicates: a row left out is not stored, so nothing of it is adjusted.
    ...collectAdjustments(poles),
  };
}

/** A number given twice (after normalising: "a 1" and "A-1" are the same pole) is an error at its second place. */
function markDuplicates(poles: ParsedPole[], issues: Collector, format: PoleImportFormat, field: string): void {
  const first = new Map<string, number>();
  let kept = 0;
  for (const pole of poles) {
    const seen = first.get(pole.number);
    if (seen === undefined) {
      first.set(pole.number, pole.row);
      poles[kept++] = pole;
    } else {
      issues.add({
        row: pole.row,
        field,
        key:
          format === 'csv'
            ? 'admin-poles.poles.import.rowErrors.duplicateLine'
            : 'admin-poles.poles.import.rowErrors.duplicateFeature',
        params: { value: pole.number, first: seen },
      });
    }
  }
  poles.length = kept;
}
