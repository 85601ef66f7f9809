// Retention of personal data (issue 24, decision 0027): the settings, the sweep that
// anonymises the contact data of requests closed longer ago than the setting and deletes
// audit rows older than theirs, and the on-demand anonymisation of one request (a citizen's
// request under LGPD art. 18). Each anonymised request gets exactly one audit row and one
// history event, in the transaction that anonymises it.
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { RETENTION_DEFAULTS, type RetentionSettings } from '@acende/shared/schemas/retention';
import type { AppDeps } from '../../app-deps.ts';
import type { AuditActor } from '../../core/audit/audit.repository.ts';
import { recordAudit } from '../../core/audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { findRequest } from '../../core/requests/request-detail.repository.ts';
import { readSetting, writeSetting } from '../../core/settings.repository.ts';
import { dialectOf } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { getAdminRequest } from '../admin-requests/admin-requests.read.service.ts';
import { deleteRequestPhotos } from '../photos/photos.repository.ts';
import { removeFiles } from '../photos/photos.store.ts';
import { scrubCitizenText } from './retention.free-text.ts';
import {
  anonymizeDueRequests,
  anonymizeRequest as anonymizeRequestRow,
  deleteOldAuditRows,
  insertAnonymizedEvents,
  scrubRequestEmails,
} from './retention.repository.ts';

export const RETENTION_KEY = 'retention';
/** Requests anonymised per transaction: short write locks, and a round that stops early loses little. */
export const RETENTION_BATCH = 500;
/** Audit rows deleted per statement. */
export const AUDIT_SWEEP_BATCH = 1000;
/** The sweep's audit actor: nobody signed in did it. */
export const SYSTEM_ACTOR: AuditActor = { id: null, username: 'system', ip: null };

export async function getRetentionSettings(deps: AppDeps): Promise<RetentionSettings> {
  const stored = await readSetting<Partial<RetentionSettings>>(deps.db, RETENTION_KEY);
  return { ...RETENTION_DEFAULTS, ...stored };
}

export async function saveRetentionSettings(
  deps: AppDeps,
  actor: AuditActor,
  input: RetentionSettings,
): Promise<RetentionSettings> {
  const before = await getRetentionSettings(deps);
  const after: RetentionSettings = {
    retentionMonths: input.retentionMonths,
    auditRetentionMonths: input.auditRetentionMonths,
  };
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, RETENTION_KEY, after, now);
    await recordAudit(
      trx,
      actor,
      { kind: 'settings.retention.update', objectType: 'settings', objectId: RETENTION_KEY, before, after },
      now,
    );
  });
  return after;
}

/**
 * `months` calendar months before `at`, the day kept or, when that month is shorter, its
 * last day (31 March less one month is 28 or 29 February, not 3 March).
 */
export function monthsBefore(at: Date, months: number): Date {
  const result = new Date(at.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * SQLite: the batches on one database file take turns within a process. better-sqlite3 waits
 * for a lock synchronously, blocking the event loop, so a second app in the same process (the
 * tests' second instance) would wait out its busy timeout on a transaction that cannot move
 * meanwhile. Separate processes wait for each other normally; PostgreSQL needs no turns.
 */
const sqliteTurns = new Map<string, Promise<unknown>>();
function inTurn<T>(deps: AppDeps, fn: () => Promise<T>): Promise<T> {
  if (dialectOf(deps.db) !== 'sqlite') return fn();
  const key = deps.config.DATABASE_URL;
  const run = (sqliteTurns.get(key) ?? Promise.resolve()).then(fn, fn);
  sqliteTurns.set(
    key,
    run.catch(() => undefined),
  );
  return run;
}

export interface RetentionRunResult {
  anonymized: number;
  auditDeleted: number;
}

/**
 * One sweep: anonymises every due request, batch by batch, each batch in its own
 * transaction with its audit rows and history events, then deletes old audit rows. Safe to
 * run on several instances at once (each row is claimed by one of them) and a no-op when
 * nothing is due. `shouldStop` ends it between batches (shutdown).
 */
export async function runRetentionOnce(
  deps: AppDeps,
  options: { batchSize?: number; shouldStop?: () => boolean } = {},
): Promise<RetentionRunResult> {
  const batchSize = options.batchSize ?? RETENTION_BATCH;
  const shouldStop = options.shouldStop ?? (() => false);
  const settings = await getRetentionSettings(deps);
  const result: RetentionRunResult = { anonymized: 0, auditDeleted: 0 };
  const startedAt = deps.clock.now();
  const requestCutoff = monthsBefore(startedAt, settings.retentionMonths).toISOString();
  const photoFiles: (string | null)[] = [];
  while (!shouldStop()) {
    const now = deps.clock.now().toISOString();
    const done = await inTurn(deps, () =>
      deps.db.transaction().execute(async (trx) => {
        const rows = await anonymizeDueRequests(trx, requestCutoff, now, batchSize);
        const ids = rows.map((row) => row.id);
        await scrubCitizenText(trx, rows);
        await scrubRequestEmails(trx, ids);
        // A photo may show a face (decision 0033): it goes with the contact data.
        photoFiles.push(...(await deleteRequestPhotos(trx, ids)));
        await insertAnonymizedEvents(trx, rows, { id: null, name: null }, now);
        for (const id of ids) {
          await recordAudit(
            trx,
            SYSTEM_ACTOR,
            {
              kind: 'request.anonymize',
              objectType: 'request',
              objectId: id,
              after: { anonymizedAt: now, reason: 'retention' },
            },
            now,
          );
        }
        return rows.length;
      }),
    );
    result.anonymized += done;
    await removeFiles(deps.config, photoFiles.splice(0));
    if (done < batchSize) break;
  }
  const auditCutoff = monthsBefore(startedAt, settings.auditRetentionMonths).toISOString();
  while (!shouldStop()) {
    const deleted = await deleteOldAuditRows(deps.db, auditCutoff, AUDIT_SWEEP_BATCH);
    result.auditDeleted += deleted;
    if (deleted < AUDIT_SWEEP_BATCH) break;
  }
  return result;
}

/**
 * Anonymises one request now, whatever its status (a citizen's request), within the
 * admin's company scope; an already anonymised one is a 409. Answers the updated request.
 */
export async function anonymizeRequestNow(
  deps: AppDeps,
  admin: AuthAdmin,
  actor: AuditActor,
  id: number,
): Promise<AdminRequestDetail> {
  const scope = companyScope(admin);
  const photoFiles = await deps.db.transaction().execute(async (trx) => {
    const row = await findRequest(trx, scope, id);
    if (!row) throw notFound('common.errors.requestNotFound');
    if (row.anonymizedAt !== null) throw conflict('admin-settings.errors.alreadyAnonymized');
    const now = deps.clock.now().toISOString();
    const place = await anonymizeRequestRow(trx, id, now);
    if (!place) throw conflict('admin-settings.errors.alreadyAnonymized');
    await scrubCitizenText(trx, [place]);
    await scrubRequestEmails(trx, [id]);
    const files = await deleteRequestPhotos(trx, [id]);
    await insertAnonymizedEvents(
      trx,
      [{ id, assignedToId: row.assignedToId, assignedTo: row.assignedTo }],
      { id: admin.id, name: admin.name },
      now,
    );
    await recordAudit(
      trx,
      actor,
      {
        kind: 'request.anonymize',
        objectType: 'request',
        objectId: id,
        after: { anonymizedAt: now, reason: 'on_demand' },
      },
      now,
    );
    return files;
  });
  await removeFiles(deps.config, photoFiles);
  return getAdminRequest(deps, admin, id);
}
