// One pole as a file gives it, checked field by field the same way whether it came from a CSV
// line or a GeoJSON feature: what the file calls each field, the row's issues as they are
// collected, and the pole that comes out when it has none (poles-import.parse.ts reads the file).
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { isPoleNumber, normalisePoleNumber } from '@acende/shared/schemas/poles';
import { POLE_IMPORT_MAX_ERRORS } from '@acende/shared/schemas/poles-import';
import { type Adjustment, adjustmentsOf } from './poles-import.adjustments.ts';

/** One pole as the file gives it. `undefined` for street, description or active: the file says nothing (keep). */
export interface ParsedPole {
  row: number;
  number: string;
  latitude: number;
  longitude: number;
  street: string | null | undefined;
  description: string | null | undefined;
  active: boolean | undefined;
  /** Values stored otherwise than the file writes them (`x 9` as `X-9`); undefined when none. */
  adjustments?: Adjustment[] | undefined;
}

export interface RowIssue {
  row: number;
  field: string;
  key: MessageKey;
  params?: Record<string, unknown>;
}

export type Field = 'number' | 'latitude' | 'longitude' | 'street' | 'description' | 'active';

// Header names as utilities write them, compared without accents or case.
export const ALIASES: Record<Field, string[]> = {
  number: ['numero', 'number', 'num'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lon', 'lng', 'long'],
  street: ['rua', 'logradouro', 'street'],
  description: ['descricao', 'description'],
  active: ['ativo', 'active'],
};
export const REQUIRED: Field[] = ['number', 'latitude', 'longitude'];
const MAX_TEXT = { street: 200, description: 500 } as const;

export const fieldOf = new Map<string, Field>(
  Object.entries(ALIASES).flatMap(([field, names]) => names.map((name) => [name, field as Field])),
);

export function headerKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** The row issues as they come: all counted, the first POLE_IMPORT_MAX_ERRORS kept. */
export class Collector {
  readonly issues: RowIssue[] = [];
  readonly rows = new Set<number>();
  count = 0;
  add(issue: RowIssue) {
    this.count++;
    this.rows.add(issue.row);
    if (this.issues.length < POLE_IMPORT_MAX_ERRORS) this.issues.push(issue);
  }
}

export interface ReadRows {
  poles: ParsedPole[];
  /** The number's column or property as the file names it. */
  numberField: string;
}

const YES = new Set(['1', 'sim', 's', 'yes', 'y', 'true', 'verdadeiro', 'ativo', 'active']);
const NO = new Set(['0', 'nao', 'n', 'no', 'false', 'falso', 'inativo', 'inactive']);

/** A row's values as the file writes them: number, street and description untrimmed (the rest trimmed). */
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
    issues.add({ row, field: nameOf(field), key: `admin-poles.poles.import.rowErrors.${field}Required` });
  } else if (!Number.isFinite(value) || Math.abs(value) > limit) {
    issues.add({
      row,
      field: nameOf(field),
      key: `admin-poles.poles.import.rowErrors.${field}Invalid`,
      params: { value: shown(text ?? value) },
    });
  }
}

function checkText(
  row: number,
  issues: Collector,
  nameOf: (field: Field) => string,
  field: 'street' | 'description',
  given: string | undefined,
): string | null | undefined {
  if (given === undefined) return undefined;
  const value = given.trim();
  // A byte the UTF-8 file could not hold (decodeUpload): storing U+FFFD would lose the letter.
  if (value.includes('\uFFFD')) {
    issues.add({ row, field: nameOf(field), key: 'admin-poles.poles.import.rowErrors.badBytes' });
  } else if (value.length > MAX_TEXT[field]) {
    issues.add({
      row,
      field: nameOf(field),
      key: 'admin-poles.poles.import.rowErrors.tooLong',
      params: { max: MAX_TEXT[field] },
    });
  }
  return value === '' ? null : value;
}

export function readPole(
  row: number,
  issues: Collector,
  nameOf: (field: Field) => string,
  raw: RawPole,
): ParsedPole | undefined {
  const before = issues.count;
  const number = normalisePoleNumber(raw.number ?? '');
  if (number === '')
    issues.add({ row, field: nameOf('number'), key: 'admin-poles.poles.import.rowErrors.numberRequired' });
  else if (!isPoleNumber(number)) {
    issues.add({
      row,
      field: nameOf('number'),
      key: 'admin-poles.poles.import.rowErrors.numberInvalid',
      params: { value: shown(raw.number?.trim()) },
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
        key: 'admin-poles.poles.import.rowErrors.activeInvalid',
        params: { value: shown(raw.active) },
      });
    }
  }
  if (issues.count > before) return undefined;
  const latitude = raw.latitude as number;
  const longitude = raw.longitude as number;
  const adjustments = adjustmentsOf(row, nameOf, raw, { number, latitude, longitude, street, description });
  return { row, number, latitude, longitude, street, description, active, adjustments };
}
