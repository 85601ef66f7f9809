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
