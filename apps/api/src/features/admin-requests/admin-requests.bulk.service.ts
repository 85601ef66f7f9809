// Bulk changes (issue 23, decision 0030): one status, assignee or company for many requests,
// named by id (with the updatedAt each was read at) or by the list's filter. Bad input of the
// bulk itself is a 4xx with nothing applied; past that each row is changed in a transaction of
// its own through the single change's rules (applyRequestChange), and refused rows are reported.
import type { MessageKey } from '@acende/shared/i18n/message-key';
import {
  BULK_LIMIT,
  type BulkChange,
  type BulkRefusal,
  type BulkRepairRequests,
  type BulkResult,
} from '@acende/shared/schemas/admin-requests';
import type { AppDeps } from '../../app-deps.ts';
import type { AuditActor } from '../../core/audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { applyRequestChange, type RequestChange } from './admin-requests.change.service.ts';
import { listFiltersOf } from './admin-requests.filters.ts';
import { listMatchingRequests } from './admin-requests.list.repository.ts';
import { findTransferTarget } from './admin-requests.transfer-target.ts';

/** The refusal a row's AppError stands for in the summary. */
const REFUSALS: Partial<Record<MessageKey, BulkRefusal>> = {
  'common.errors.requestNotFound': 'notFound',
  'admin-operations.errors.staleUpdate': 'stale',
  'admin-operations.validation.assignee.invalid': 'invalidAssignee',
  'admin-operations.validation.transfer.sameCompany': 'unchanged',
  'followers.errors.duplicateStatus': 'duplicate',
};

function rowChange(change: BulkChange, updatedAt: string): RequestChange {
  switch (change.action) {
    case 'status':
      return { kind: 'update', status: change.status, updatedAt };
    case 'assignee':
      return { kind: 'update', assignedToId: change.assignedToId, updatedAt };
    case 'company':
      return { kind: 'transfer', companyId: change.companyId, reason: change.reason, updatedAt };
  }
}

/** The rows a bulk names: its items, or every match of its filter (more than BULK_LIMIT: 400). */
async function resolveRows(deps: AppDeps, admin: AuthAdmin, input: BulkRepairRequests) {
  if (input.items) return input.items;
  const filters = listFiltersOf(input.filter ?? ({} as NonNullable<typeof input.filter>), deps.clock.now());
  const rows = await listMatchingRequests(deps.db, companyScope(admin), filters, BULK_LIMIT + 1);
  if (rows.length > BULK_LIMIT) {
    throw new AppError('admin-operations.validation.bulk.tooManyMatches', 400, undefined, {
      filter: 'admin-operations.validation.bulk.tooManyMatches',
    });
  }
  return rows;
}

export async function bulkChangeRepairRequests(
  deps: AppDeps,
  admin: AuthAdmin,
  input: BulkRepairRequests,
  actor: AuditActor,
  /** Told of a row's unexpected failure (the route logs it); the row is listed as failed. */
  onFailure: (id: number, error: unknown) => void = () => {},
): Promise<BulkResult> {
  // A transfer's target is the bulk's own input: an unknown or inactive company refuses all of it.
  if (input.change.action === 'company') await findTransferTarget(deps.db, input.change.companyId);
  const rows = await resolveRows(deps, admin, input);
  const result: BulkResult = { changed: [], refused: [] };
  for (const row of rows) {
    try {
      const changed = await deps.db
        .transaction()
        .execute((trx) => applyRequestChange(trx, deps, admin, row.id, rowChange(input.change, row.updatedAt), actor));
      if (changed) result.changed.push(row.id);
      else result.refused.push({ id: row.id, reason: 'unchanged' });
    } catch (error) {
      // Rows before it are committed: an unexpected failure (a lost connection, a deadlock) is
      // that row's refusal, not a 500 that would hide what was applied.
      if (!(error instanceof AppError)) {
        onFailure(row.id, error);
        result.refused.push({ id: row.id, reason: 'failed' });
        continue;
      }
      result.refused.push({ id: row.id, reason: REFUSALS[error.code] ?? 'invalid' });
    }
  }
  return result;
}
