// What an import stores otherwise than the file writes it (issue 38): each value of a row that
// changes on its way in, with why, so the preview lists it (`x 9` → `X-9`) and nothing changes unsaid.
// Not listed, as they store the value written: a coordinate's own spelling (spaces, `+`, zeros:
// the same number), an `ativo` word read as yes or no, a GeoJSON number property as its digits.
import { POLE_IMPORT_MAX_ADJUSTMENTS, type PoleImportAdjustmentReason } from '@acende/shared/schemas/poles-import';

/** One value of a row stored otherwise than given; `field` as the file names it. */
export interface Adjustment {
  row: number;
  field: string;
  given: string;
  stored: string;
  reasons: PoleImportAdjustmentReason[];
}

type AdjustedField = 'number' | 'latitude' | 'longitude' | 'street' | 'description';

/** The row's values as the file writes them (coordinates as their cells, spaces around them aside). */
export interface GivenValues {
  number: string | undefined;
  latitudeText: string | undefined;
  longitudeText: string | undefined;
  street: string | undefined;
  description: string | undefined;
}

export interface StoredValues {
  number: string;
  latitude: number;
  longitude: number;
  street: string | null | undefined;
  description: string | null | undefined;
}

// A value is listed whole, so a space removed at its end can be seen; only a pathological
// one (thousands of spaces around a street) is cut, to keep the answer small.
const MAX_SHOWN = 600;
const clip = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

/** Why normalisePoleNumber changes `given` (trimmed, then upper case, then inner spaces to one hyphen). */
function numberReasons(given: string): PoleImportAdjustmentReason[] {
  const reasons: PoleImportAdjustmentReason[] = [];
  const trimmed = given.trim();
  if (trimmed !== given) reasons.push('trimmed');
  if (trimmed.toUpperCase() !== trimmed) reasons.push('upperCase');
  if (/\s/.test(trimmed)) reasons.push('spacesToHyphen');
  return reasons;
}

/**
 * The adjustments of an error-free row, in the file's column order, or undefined for none
 * (most rows: it runs once per row, so it allocates nothing then).
 */
export function adjustmentsOf(
  row: number,
  nameOf: (field: AdjustedField) => string,
  given: GivenValues,
  stored: StoredValues,
): Adjustment[] | undefined {
  let list: Adjustment[] | undefined;
  const add = (field: AdjustedField, from: string, to: string, reasons: PoleImportAdjustmentReason[]) => {
    list ??= [];
    list.push({ row, field: nameOf(field), given: clip(from), stored: clip(to), reasons });
  };
  if (given.number !== undefined && given.number !== stored.number) {
    add('number', given.number, stored.number, numberReasons(given.number));
  }
  // Only a CSV cell can hold a comma (parseCoordinate reads "-30,5" as -30.5 and refuses others).
  if (given.latitudeText?.includes(',')) add('latitude', given.latitudeText, String(stored.latitude), ['decimalComma']);
  if (given.longitudeText?.includes(',')) {
    add('longitude', given.longitudeText, String(stored.longitude), ['decimalComma']);
  }
  // Text is only trimmed; an empty value is stored as none (listed only when it held spaces).
  if (given.street !== undefined && given.street !== (stored.street ?? '')) {
    add('street', given.street, stored.street ?? '', ['trimmed']);
  }
  if (given.description !== undefined && given.description !== (stored.description ?? '')) {
    add('description', given.description, stored.description ?? '', ['trimmed']);
  }
  return list;
}

/** A GeoJSON point's third coordinate and beyond (altitude), which the registry does not keep. */
export function altitudeAdjustment(row: number, coordinates: unknown[]): Adjustment | undefined {
  if (coordinates.length <= 2) return undefined;
  return {
    row,
    field: 'geometry',
    given: clip(JSON.stringify(coordinates)),
    stored: JSON.stringify(coordinates.slice(0, 2)),
    reasons: ['altitudeDropped'],
  };
}

/** Every adjustment of the rows kept, counted, and the first POLE_IMPORT_MAX_ADJUSTMENTS in file order. */
export function collectAdjustments(poles: { adjustments?: Adjustment[] }[]): {
  adjustments: Adjustment[];
  adjustmentCount: number;
} {
  const adjustments: Adjustment[] = [];
  let adjustmentCount = 0;
  for (const pole of poles) {
    if (!pole.adjustments) continue;
    adjustmentCount += pole.adjustments.length;
    for (const adjustment of pole.adjustments) {
      if (adjustments.length < POLE_IMPORT_MAX_ADJUSTMENTS) adjustments.push(adjustment);
    }
  }
  return { adjustments, adjustmentCount };
}
