// Importing a company's poles from a file (issue 21): check the whole file, compare it with
// the registry (new, updated, unchanged), and write every change in one transaction, or nothing.

import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type {
  PoleImportFormat,
  PoleImportPreview,
  PoleImportResult,
  PoleImportRowError,
} from '@acende/shared/schemas/poles-import';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { dialectOf } from '../../db/database.ts';
import type { NewPole } from '../../db/schema.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { formatOf, type ParsedFile, readPoleFile } from './poles-import.parse.ts';
import {
  deferCellCounts,
  findCompanyExists,
  listCompanyPoles,
  lockCompanyImport,
  recountCompanyCells,
  upsertPoles,
} from './poles-import.repository.ts';

/** A checked file: its counts, its row errors, and the rows a write would send. */
export interface PoleImportCheck {
  companyId: number;
  format: PoleImportFormat;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  file: ParsedFile;
  /** New and changed poles, complete (what the file leaves out is kept from the registry). */
  writes: NewPole[];
}

/**
 * Checks `body` (the file as text, of `contentType`) for `companyId` as `admin` may:
 * 403 outside the account's companies, 404 for no such company, 400 for a file that
 * cannot be read at all; row errors are in `file.issues`.
 */
export async function checkPoleImport(
  deps: AppDeps,
  admin: AuthAdmin,
  companyId: number,
  body: string | undefined,
  contentType: string | undefined,
): Promise<PoleImportCheck> {
  const scope = companyScope(admin);
  if (scope !== null && !scope.includes(companyId)) throw forbidden('admin-poles.poles.import.errors.outOfScope');
  if (!(await findCompanyExists(deps.db, companyId)))
    throw new AppError('admin-poles.poles.import.errors.companyNotFound', 404);
  const format = formatOf(contentType);
  if (!format) throw new AppError('common.errors.unsupportedMediaType', 415);
  const file = readPoleFile(body ?? '', format);

  const stored = new Map((await listCompanyPoles(deps.db, companyId)).map((pole) => [pole.number, pole]));
  const now = iso(deps.clock);
  const writes: NewPole[] = [];
  let created = 0;
  let updated = 0;
  for (const pole of file.poles) {
    const old = stored.get(pole.number);
    const values: NewPole = {
      companyId,
      number: pole.number,
      latitude: pole.latitude,
      longitude: pole.longitude,
      street: pole.street === undefined ? (old?.street ?? null) : pole.street,
      description: pole.description === undefined ? (old?.description ?? null) : pole.description,
      active: pole.active === undefined ? (old?.active ?? 1) : pole.active ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    };
    if (!old) created++;
    else if (
      old.latitude !== values.latitude ||
      old.longitude !== values.longitude ||
      old.street !== values.street ||
      old.description !== values.description ||
      old.active !== values.active
    ) {
      updated++;
    } else continue;
    writes.push(values);
  }
  return {
    companyId,
    format,
    // A row with errors is still a row of the file.
    rows: file.poles.length + file.rowsWithErrors,
    created,
    updated,
    unchanged: file.poles.length - created - updated,
    file,
    writes,
  };
}

/** The row errors in the reader's language, as the preview and the 422 list them. */
export function describeRowErrors(language: Language, check: PoleImportCheck): PoleImportRowError[] {
  return check.file.issues.map((issue) => ({
    row: issue.row,
    field: issue.field,
    message: translate(language, issue.key, issue.params),
  }));
}

export function previewOf(language: Language, check: PoleImportCheck): PoleImportPreview {
  return {
    format: check.format,
    rows: check.rows,
    created: check.created,
    updated: check.updated,
    unchanged: check.unchanged,
    errorCount: check.file.issueCount,
    errors: describeRowErrors(language, check),
    adjustmentCount: check.file.adjustmentCount,
    adjustments: check.file.adjustments.map((adjustment) => ({
      ...adjustment,
      message: adjustment.reasons
        .map((reason) => translate(language, `admin-poles.poles.import.adjustmentReasons.${reason}`))
        .join(' '),
    })),
  };
}

/** Rows per INSERT: 9 values each, under SQLite's 32,766 bound variables and PostgreSQL's 65,535. */
const BATCH = { sqlite: 1000, postgres: 2000 } as const;

/**
 * Writes a checked file with no row errors: one transaction of batched upserts, so either
 * every pole is written or none is. `onProgress` hears after each batch (done of total).
 */
export async function writePoleImport(
  deps: AppDeps,
  check: PoleImportCheck,
  actor: AuditActor,
  onProgress?: (done: number, total: number) => Promise<void> | void,
): Promise<PoleImportResult> {
  if (check.file.issueCount > 0) throw new AppError('admin-poles.poles.import.errors.rowsInvalid', 422);
  const size = BATCH[dialectOf(deps.db)];
  const total = check.writes.length;
  const result: PoleImportResult = {
    format: check.format,
    rows: check.rows,
    created: check.created,
    updated: check.updated,
    unchanged: check.unchanged,
  };
  // One audit row for the whole import, with its counts: written with the poles, or alone
  // when the file changed nothing.
  await deps.db.transaction().execute(async (trx) => {
    if (total > 0) {
      await lockCompanyImport(trx, check.companyId);
      await deferCellCounts(trx);
      for (let start = 0; start < total; start += size) {
        await upsertPoles(trx, check.writes.slice(start, start + size));
        await onProgress?.(Math.min(start + size, total), total);
      }
      await recountCompanyCells(trx, check.companyId);
    }
    await recordAudit(
      trx,
      actor,
      { kind: 'admin-poles.poles.import', objectType: 'company', objectId: check.companyId, after: { ...result } },
      deps.clock.now().toISOString(),
    );
  });
  return result;
}
