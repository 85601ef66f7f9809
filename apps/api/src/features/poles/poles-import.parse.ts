// Reads a poles file (CSV or GeoJSON, as utilities export them) into rows and row errors,
// without touching the database. A file that cannot be read at all is an AppError (4xx);
// what is wrong with single rows is collected, so the preview can list it.
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { isPoleNumber, normalisePoleNumber } from '@acende/shared/schemas/poles';
import { POLE_IMPORT_MAX_ERRORS, type PoleImportFormat } from '@acende/shared/schemas/poles-import';
import Papa from 'papaparse';
import { AppError } from '../../lib/errors.ts';

/** One pole as the file gives it. `undefined` for street, description or active: the file says nothing (keep). */
export interface ParsedPole {
  row: number;
  number: string;
  latitude: number;
  longitude: number;
  street: string | null | undefined;
  description: string | null | undefined;
  active: boolean | undefined;
}

export interface RowIssue {
  row: number;
  field: string;
  key: MessageKey;
  params?: Record<string, unknown>;
}

export interface ParsedFile {
  format: PoleImportFormat;
  poles: ParsedPole[];
  /** The first POLE_IMPORT_MAX_ERRORS issues, in file order. */
  issues: RowIssue[];
  issueCount: number;
  /** Rows (lines or features) with at least one error; they are not in `poles`. */
  rowsWithErrors: number;
}

type Field = 'number' | 'latitude' | 'longitude' | 'street' | 'description' | 'active';

// Header names as utilities write them, compared without accents or case.
const ALIASES: Record<Field, string[]> = {
  number: ['numero', 'number', 'num'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lon', 'lng', 'long'],
  street: ['rua', 'logradouro', 'street'],
  description: ['descricao', 'description'],
  active: ['ativo', 'active'],
};
const REQUIRED: Field[] = ['number', 'latitude', 'longitude'];
const MAX_TEXT = { street: 200, description: 500 } as const;

const fieldOf = new Map<string, Field>(
  Object.entries(ALIASES).flatMap(([field, names]) => names.map((name) => [name, field as Field])),
);

function headerKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

// Bytes that never appear in a text file (NUL and the other C0 controls but tab, CR, LF).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The file's text: UTF-8 when it is valid UTF-8, otherwise Windows-1252 (what Excel in
 * Portuguese saves a "CSV" as). Never throws: junk is judged by readPoleFile.
 */
export function decodeUpload(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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

class Collector {
  readonly issues: RowIssue[] = [];
  readonly rows = new Set<number>();
  count = 0;
  add(issue: RowIssue) {
    this.count++;
    this.rows.add(issue.row);
    if (this.issues.length < POLE_IMPORT_MAX_ERRORS) this.issues.push(issue);
  }
}

/** Reads `text` as `format`; throws AppError(400) when the file as a whole cannot be read. */
export function readPoleFile(text: string, format: PoleImportFormat): ParsedFile {
  if (text.trim() === '') throw new AppError('poles.import.errors.empty', 400);
  if (looksBinary(text)) throw new AppError('poles.import.errors.binary', 400);
  const issues = new Collector();
  const { poles, numberField } = format === 'csv' ? readCsv(text, issues) : readGeoJson(text, issues);
  markDuplicates(poles, issues, format, numberField);
  return {
    format,
    poles,
    issues: issues.issues.sort((a, b) => a.row - b.row),
    issueCount: issues.count,
    rowsWithErrors: issues.rows.size,
  };
}

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

interface ReadRows {
  poles: ParsedPole[];
  /** The number's column or property as the file names it. */
  numberField: string;
}

function readCsv(text: string, issues: Collector): ReadRows {
  const delimiter = detectDelimiter(text);
  // Papa Parse: several times faster than csv-parse on a 100,000-line file (bench/results/issue-21-import.md).
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
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
    throw new AppError('poles.import.errors.csvUnreadable', 400, { line: lineOf[broken.row ?? 0] ?? 1 });
  }
  const records = parsed.data;
  const blank = (record: string[]) => record.every((value) => value.trim() === '');
  const headAt = records.findIndex((record) => !blank(record));
  const header = records[headAt];
  if (!header) throw new AppError('poles.import.errors.empty', 400);
  const columns = new Map<Field, number>();
  for (const [index, name] of header.entries()) {
    const field = fieldOf.get(headerKey(name));
    if (!field) continue;
    const seen = columns.get(field);
    if (seen !== undefined) {
      throw new AppError('poles.import.errors.repeatedColumn', 400, {
        column: field,
        first: header[seen],
        second: name,
      });
    }
    columns.set(field, index);
  }
  const missing = REQUIRED.filter((field) => !columns.has(field));
  if (missing.length > 0) {
    throw new AppError('poles.import.errors.missingColumns', 400, {
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
  const cell = (record: string[], index: number): string | undefined =>
    index === -1 ? undefined : (record[index] ?? '').trim();
  const poles: ParsedPole[] = [];
  for (let index = headAt + 1; index < records.length; index++) {
    const record = records[index] as string[];
    if (blank(record)) continue;
    const row = lineOf[index] as number;
    if (record.length > header.length && record.slice(header.length).some((value) => value.trim() !== '')) {
      issues.add({
        row,
        field: '_row',
        key: 'poles.import.rowErrors.extraValues',
        params: { count: record.length, columns: header.length },
      });
      continue;
    }
    const latitude = cell(record, latitudeAt);
    const longitude = cell(record, longitudeAt);
    const pole = readPole(row, issues, nameOf, {
      number: cell(record, numberAt),
      latitude: parseCoordinate(latitude),
      longitude: parseCoordinate(longitude),
      latitudeText: latitude,
      longitudeText: longitude,
      street: cell(record, streetAt),
      description: cell(record, descriptionAt),
      active: cell(record, activeAt),
    });
    if (pole) poles.push(pole);
  }
  if (poles.length === 0 && issues.count === 0) throw new AppError('poles.import.errors.noRows', 400);
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

const YES = new Set(['1', 'sim', 's', 'yes', 'y', 'true', 'verdadeiro', 'ativo', 'active']);
const NO = new Set(['0', 'nao', 'n', 'no', 'false', 'falso', 'inativo', 'inactive']);

interface RawPole {
  number: string | undefined;
  latitude: number | undefined;
  longitude: number | undefined;
  latitudeText: string | undefined;
  longitudeText: string | undefined;
  street: string | undefined;
  description: string | undefined;
  active: string | undefined;
}

const shown = (value: unknown) => {
  const text = String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

// Module-level rather than closures in readPole: it runs once per row, 100,000 times a file.
function checkCoordinate(
  row: number,
  issues: Collector,
  nameOf: (field: Field) => string,
  field: 'latitude' | 'longitude',
  value: number | undefined,
  text: string | undefined,
): void {
  const limit = field === 'latitude' ? 90 : 180;
  if (value === undefined) {
    issues.add({ row, field: nameOf(field), key: `poles.import.rowErrors.${field}Required` });
  } else if (!Number.isFinite(value) || Math.abs(value) > limit) {
    issues.add({
      row,
      field: nameOf(field),
      key: `poles.import.rowErrors.${field}Invalid`,
      params: { value: shown(text ?? value) },
    });
  }
}

function checkText(
  row: number,
  issues: Collector,
  nameOf: (field: Field) => string,
  field: 'street' | 'description',
  value: string | undefined,
): string | null | undefined {
  if (value === undefined) return undefined;
  if (value.length > MAX_TEXT[field]) {
    issues.add({ row, field: nameOf(field), key: 'poles.import.rowErrors.tooLong', params: { max: MAX_TEXT[field] } });
  }
  return value === '' ? null : value;
}

function readPole(
  row: number,
  issues: Collector,
  nameOf: (field: Field) => string,
  raw: RawPole,
): ParsedPole | undefined {
  const before = issues.count;
  const number = normalisePoleNumber(raw.number ?? '');
  if (number === '') issues.add({ row, field: nameOf('number'), key: 'poles.import.rowErrors.numberRequired' });
  else if (!isPoleNumber(number)) {
    issues.add({
      row,
      field: nameOf('number'),
      key: 'poles.import.rowErrors.numberInvalid',
      params: { value: shown(raw.number) },
    });
  }
  checkCoordinate(row, issues, nameOf, 'latitude', raw.latitude, raw.latitudeText);
  checkCoordinate(row, issues, nameOf, 'longitude', raw.longitude, raw.longitudeText);
  const street = checkText(row, issues, nameOf, 'street', raw.street);
  const description = checkText(row, issues, nameOf, 'description', raw.description);
  let active: boolean | undefined;
  if (raw.active !== undefined && raw.active !== '') {
    const key = headerKey(raw.active);
    if (YES.has(key)) active = true;
    else if (NO.has(key)) active = false;
    else {
      issues.add({
        row,
        field: nameOf('active'),
        key: 'poles.import.rowErrors.activeInvalid',
        params: { value: shown(raw.active) },
      });
    }
  }
  if (issues.count > before) return undefined;
  return {
    row,
    number,
    latitude: raw.latitude as number,
    longitude: raw.longitude as number,
    street,
    description,
    active,
  };
}

function readGeoJson(text: string, issues: Collector): ReadRows {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new AppError('poles.import.errors.jsonUnreadable', 400);
  }
  const collection = document as { type?: unknown; features?: unknown } | null;
  if (
    typeof collection !== 'object' ||
    collection === null ||
    collection.type !== 'FeatureCollection' ||
    !Array.isArray(collection.features)
  ) {
    throw new AppError('poles.import.errors.notFeatureCollection', 400);
  }
  if (collection.features.length === 0) throw new AppError('poles.import.errors.noFeatures', 400);
  const poles: ParsedPole[] = [];
  for (const [index, item] of collection.features.entries()) {
    const row = index + 1;
    const feature = item as { type?: unknown; geometry?: unknown; properties?: unknown } | null;
    if (typeof feature !== 'object' || feature === null || feature.type !== 'Feature') {
      issues.add({ row, field: 'type', key: 'poles.import.rowErrors.notFeature' });
      continue;
    }
    const geometry = feature.geometry as { type?: unknown; coordinates?: unknown } | null;
    const coordinates = geometry?.coordinates;
    if (
      geometry?.type !== 'Point' ||
      !Array.isArray(coordinates) ||
      coordinates.length < 2 ||
      typeof coordinates[0] !== 'number' ||
      typeof coordinates[1] !== 'number'
    ) {
      issues.add({ row, field: 'geometry', key: 'poles.import.rowErrors.notPoint' });
      continue;
    }
    const properties =
      typeof feature.properties === 'object' && feature.properties !== null
        ? (feature.properties as Record<string, unknown>)
        : {};
    const names = new Map<Field, string>();
    for (const name of Object.keys(properties)) {
      const field = fieldOf.get(headerKey(name));
      if (field && !names.has(field)) names.set(field, name);
    }
    const value = (field: Field): string | undefined => {
      const name = names.get(field);
      if (name === undefined) return undefined;
      const raw = properties[name];
      if (raw === null || raw === undefined) return '';
      if (typeof raw === 'boolean') return raw ? 'true' : 'false';
      return String(raw).trim();
    };
    const [longitude, latitude] = coordinates as [number, number];
    const pole = readPole(
      row,
      issues,
      (field) => names.get(field) ?? (field === 'latitude' || field === 'longitude' ? 'geometry' : field),
      {
        number: value('number'),
        latitude,
        longitude,
        latitudeText: String(latitude),
        longitudeText: String(longitude),
        street: value('street'),
        description: value('description'),
        active: value('active'),
      },
    );
    if (pole) poles.push(pole);
  }
  return { poles, numberField: 'numero' };
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
        key: format === 'csv' ? 'poles.import.rowErrors.duplicateLine' : 'poles.import.rowErrors.duplicateFeature',
        params: { value: pole.number, first: seen },
      });
    }
  }
  poles.length = kept;
}
