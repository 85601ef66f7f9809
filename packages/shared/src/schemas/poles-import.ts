// Poles import (issue 21): what the preview and the import answer. A file (CSV or GeoJSON)
// is checked whole before anything is written; a row error names its line (CSV) or feature.
import * as z from 'zod/mini';

/** The largest file the import reads (100,000 poles in CSV are about 5 MB). */
export const POLE_IMPORT_MAX_MB = 20;
export const POLE_IMPORT_MAX_BYTES = POLE_IMPORT_MAX_MB * 1024 * 1024;
/** How many row errors an answer lists (errorCount says how many there were). */
export const POLE_IMPORT_MAX_ERRORS = 100;

export const poleImportFormats = ['csv', 'geojson'] as const;
export type PoleImportFormat = (typeof poleImportFormats)[number];

export const poleImportRowErrorSchema = z.object({
  /** The CSV line (the header is line 1) or the GeoJSON feature (the first is 1). */
  row: z.number(),
  /** The column or property as the file names it (or `geometry`, or `_row` for the whole row). */
  field: z.string(),
  message: z.string(),
});
export type PoleImportRowError = z.infer<typeof poleImportRowErrorSchema>;

/** How many adjustments an answer lists (adjustmentCount says how many there were). */
export const POLE_IMPORT_MAX_ADJUSTMENTS = 100;

/**
 * Why a value is stored otherwise than the file writes it: spaces at either end removed, a
 * pole number in upper case with its inner spaces made a hyphen (`x 9` → `X-9`), a decimal
 * comma read as a point, a GeoJSON point's third coordinate (altitude) not kept.
 */
export const poleImportAdjustmentReasons = [
  'trimmed',
  'upperCase',
  'spacesToHyphen',
  'decimalComma',
  'altitudeDropped',
] as const;
export type PoleImportAdjustmentReason = (typeof poleImportAdjustmentReasons)[number];

export const poleImportAdjustmentSchema = z.object({
  /** The CSV line or GeoJSON feature, as in a row error. */
  row: z.number(),
  /** The column or property as the file names it (or `geometry`). */
  field: z.string(),
  /** The value as the file writes it. */
  given: z.string(),
  /** The value the import stores ('' for none). */
  stored: z.string(),
  reasons: z.array(z.enum(poleImportAdjustmentReasons)),
  /** The reasons in the reader's language. */
  message: z.string(),
});
export type PoleImportAdjustment = z.infer<typeof poleImportAdjustmentSchema>;

const counts = {
  /** Poles in the file. */
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
};

export const poleImportPreviewSchema = z.object({
  format: z.enum(poleImportFormats),
  ...counts,
  errorCount: z.number(),
  errors: z.array(poleImportRowErrorSchema),
  /** Values of error-free rows stored otherwise than the file writes them; unchanged ones are not listed. */
  adjustmentCount: z.number(),
  adjustments: z.array(poleImportAdjustmentSchema),
});
export type PoleImportPreview = z.infer<typeof poleImportPreviewSchema>;

export const poleImportResultSchema = z.object({ format: z.enum(poleImportFormats), ...counts });
export type PoleImportResult = z.infer<typeof poleImportResultSchema>;

/** The 422 answer: the same row errors as the preview, nothing written. */
export const poleImportRejectedSchema = z.object({
  message: z.string(),
  errorCount: z.number(),
  errors: z.array(poleImportRowErrorSchema),
});
export type PoleImportRejected = z.infer<typeof poleImportRejectedSchema>;

/**
 * One line of the import's NDJSON answer (`Accept: application/x-ndjson`): progress while
 * writing, then exactly one `result` (everything written) or `error` (nothing written).
 */
export const poleImportStreamLineSchema = z.union([
  z.object({ phase: z.literal('writing'), done: z.number(), total: z.number() }),
  z.object({ result: poleImportResultSchema }),
  z.object({ error: z.object({ message: z.string() }) }),
]);
export type PoleImportStreamLine = z.infer<typeof poleImportStreamLineSchema>;
