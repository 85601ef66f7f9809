// Reading the audit log (admin only): a keyset page newest first, filtered by account, kind
// (exact or a prefix), object and São Paulo calendar days as the reports read them
// (decision 0007), and the same rows as a CSV for spreadsheets set to pt-BR.
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { AuditAccount, AuditFilters, AuditList, AuditListQuery, AuditRow } from '@acende/shared/schemas/audit';
import type { AppDeps } from '../../app-deps.ts';
import {
  type AuditCriteria,
  type AuditKey,
  listAuditAccounts,
  listAuditRows,
} from '../../core/audit/audit.repository.ts';
import { csvChunks, textCell } from '../../core/csv.ts';
import { formatDateTime, startOfDayUtc } from '../../core/format.ts';
import { badRequest } from '../../lib/errors.ts';

const EXPORT_BATCH = 1000;

function criteriaFor(filters: AuditFilters): AuditCriteria {
  return {
    actorId: filters.actorId,
    kind: filters.kind,
    objectType: filters.objectType,
    objectId: filters.objectId,
    createdFrom: filters.startDate ? startOfDayUtc(filters.startDate) : null,
    createdBefore: filters.endDate ? startOfDayUtc(filters.endDate, 1) : null,
  };
}

/** The cursor is the last row's key, as base64url text the caller hands back unread. */
export function encodeCursor(key: AuditKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.id])).toString('base64url');
}

function decodeCursor(cursor: string): AuditKey {
  const invalid = () =>
    badRequest('admin-access.audit.validation.cursor', { cursor: 'admin-access.audit.validation.cursor' });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    // An ISO timestamp as the rows store it, nothing else (a NUL byte is a 500 on PostgreSQL).
    !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/.test(value[0]) ||
    !Number.isSafeInteger(value[1]) ||
    value[1] < 1
  ) {
    throw invalid();
  }
  return { createdAt: value[0], id: value[1] };
}

function parseFields(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

type Row = Awaited<ReturnType<typeof listAuditRows>>[number];

function toAuditRow(row: Row): AuditRow {
  return {
    id: Number(row.id),
    createdAt: row.createdAt,
    actorId: row.actorId === null ? null : Number(row.actorId),
    actorUsername: row.actorUsername,
    ip: row.ip,
    kind: row.kind,
    objectType: row.objectType,
    objectId: row.objectId,
    before: parseFields(row.before),
    after: parseFields(row.after),
  };
}

export async function listAudit(deps: AppDeps, query: AuditListQuery): Promise<AuditList> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await listAuditRows(deps.db, criteriaFor(query), after, query.pageSize + 1);
  const page = rows.slice(0, query.pageSize).map(toAuditRow);
  const last = page.at(-1);
  return {
    items: page,
    nextCursor: rows.length > query.pageSize && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

export async function listAccountsForAudit(deps: AppDeps): Promise<AuditAccount[]> {
  return (await listAuditAccounts(deps.db)).map((row) => ({ ...row, id: Number(row.id) }));
}

/** Every filtered row, newest first, read in keyset batches as the reader takes them. */
export function exportAuditCsv(deps: AppDeps, filters: AuditFilters, language: Language) {
  const criteria = criteriaFor(filters);
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  const header = [
    t('admin-access.audit.csv.when'),
    t('admin-access.audit.csv.actorId'),
    t('admin-access.audit.csv.actor'),
    t('admin-access.audit.csv.ip'),
    t('admin-access.audit.csv.kind'),
    t('admin-access.audit.csv.objectType'),
    t('admin-access.audit.csv.objectId'),
    t('admin-access.audit.csv.before'),
    t('admin-access.audit.csv.after'),
  ];
  async function* rows(): AsyncGenerator<string[][]> {
    let after: AuditKey | null = null;
    for (;;) {
      const batch = await listAuditRows(deps.db, criteria, after, EXPORT_BATCH);
      if (batch.length === 0) return;
      yield batch.map((row) => [
        formatDateTime(row.createdAt, language),
        row.actorId === null ? '' : String(row.actorId),
        // Every text a stranger or an editor may have typed is guarded against formula injection.
        textCell(row.actorUsername),
        textCell(row.ip),
        textCell(row.kind),
        textCell(row.objectType),
        textCell(row.objectId),
        textCell(row.before),
        textCell(row.after),
      ]);
      if (batch.length < EXPORT_BATCH) return;
      const last = batch[batch.length - 1] as Row;
      after = { createdAt: last.createdAt, id: Number(last.id) };
    }
  }
  return csvChunks(header, rows());
}
