// A poles file as CSV: the delimiter the header uses, the columns found by their names, and
// each line read into a pole or its issues, numbered as the file's lines are.
import { AppError } from '../../lib/errors.ts';
import { loadOnUse } from '../../lib/load-on-use.ts';
import {
  ALIASES,
  type Collector,
  type Field,
  fieldOf,
  headerKey,
  type ParsedPole,
  REQUIRED,
  type ReadRows,
  readPole,
} from './poles-import.rows.ts';

/** Papa Parse, loaded by the first import rather than at start-up (decision 0055). */
const papa = loadOnUse<typeof import('papaparse')>('papaparse');

/** The separator the header line uses most: semicolon (Brazilian Excel), comma or tab. */
function detectDelimiter(text: string): string {
  const end = text.indexOf('\n');
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  let best = ',';
  let most = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = header.split(candidate).length - 1;
    if (count > most) {
      best = candidate;
      most = count;
    }
  }
  return best;
}

export function readCsv(text: string, issues: Collector): ReadRows {
  const delimiter = detectDelimiter(text);
  // Papa Parse: several times faster than csv-parse on a 100,000-line file (bench/results/issue-21-import.md).
  const parsed = papa().parse<string[]>(text, { delimiter, skipEmptyLines: false });
  // The line each record starts on: one per record, plus the line breaks inside quoted values.
  const quoted = text.includes('"');
  const lineOf: number[] = new Array(parsed.data.length);
  let line = 1;
  for (const [index, record] of parsed.data.entries()) {
    lineOf[index] = line;
    line += 1;
    if (quoted) for (const value of record) if (value.includes('\n')) line += value.split('\n').length - 1;
  }
  const broken = parsed.errors.find((error) => error.type === 'Quotes' || error.type === 'Delimiter');
  if (broken) {
    throw new AppError('admin-poles.poles.import.errors.csvUnreadable', 400, { line: lineOf[broken.row ?? 0] ?? 1 });
  }
  const records = parsed.data;
  const blank = (record: string[]) => record.every((value) => value.trim() === '');
  const headAt = records.findIndex((record) => !blank(record));
  const header = records[headAt];
  if (!header) throw new AppError('admin-poles.poles.import.errors.empty', 400);
  const columns = new Map<Field, number>();
  for (const [index, name] of header.entries()) {
    const field = fieldOf.get(headerKey(name));
    if (!field) continue;
    const seen = columns.get(field);
    if (seen !== undefined) {
      throw new AppError('admin-poles.poles.import.errors.repeatedColumn', 400, {
        column: field,
        first: header[seen],
        second: name,
      });
    }
    columns.set(field, index);
  }
  const missing = REQUIRED.filter((field) => !columns.has(field));
  if (missing.length > 0) {
    throw new AppError('admin-poles.poles.import.errors.missingColumns', 400, {
      missing: missing.map((field) => ALIASES[field][0]).join(', '),
      found:
        header
          .map((name) => name.trim())
          .filter(Boolean)
          .slice(0, 12)
          .map((name) => (name.length > 40 ? `${name.slice(0, 40)}…` : name))
          .join(', ') || '—',
    });
  }
  const nameOf = (field: Field) => header[columns.get(field) as number]?.trim() || field;
  const at = (field: Field) => columns.get(field) ?? -1;
  const [numberAt, latitudeAt, longitudeAt, streetAt, descriptionAt, activeAt] = [
    at('number'),
    at('latitude'),
    at('longitude'),
    at('street'),
    at('description'),
    at('active'),
  ];
  // Number, street and description go as written: readPole trims them and lists what it changed.
  const given = (record: string[], index: number): string | undefined =>
    index === -1 ? undefined : (record[index] ?? '');
  const cell = (record: string[], index: number): string | undefined => given(record, index)?.trim();
  const poles: ParsedPole[] = [];
  for (let index = headAt + 1; index < records.length; index++) {
    const record = records[index] as string[];
    if (blank(record)) continue;
    const row = lineOf[index] as number;
    if (record.length > header.length && record.slice(header.length).some((value) => value.trim() !== '')) {
      issues.add({
        row,
        field: '_row',
        key: 'admin-poles.poles.import.rowErrors.extraValues',
        params: { count: record.length, columns: header.length },
      });
      continue;
    }
    const latitude = cell(record, latitudeAt);
    const longitude = cell(record, longitudeAt);
    const pole = readPole(row, issues, nameOf, {
      number: given(record, numberAt),
      latitude: parseCoordinate(latitude),
      longitude: parseCoordinate(longitude),
      latitudeText: latitude,
      longitudeText: longitude,
      street: given(record, streetAt),
      description: given(record, descriptionAt),
      active: cell(record, activeAt),
    });
    if (pole) poles.push(pole);
  }
  if (poles.length === 0 && issues.count === 0) throw new AppError('admin-poles.poles.import.errors.noRows', 400);
  return { poles, numberField: nameOf('number') };
}

/**
 * A coordinate as a cell holds it. A decimal comma is read as a decimal point: a coordinate
 * is never above 180, so "1,234" cannot be a thousands separator; anything else that is
 * not a plain decimal (hex, exponents, units, two commas) is refused.
 */
export function parseCoordinate(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const plain = /^[+-]?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(plain)) return Number.NaN;
  return Number(plain);
}
