// The rules of the operators' changes to a repair request: the update (any status to any
// status, assignee kept unless a new one is given, history event and status e-mail in the same
// transaction, stale edits refused) and the transfer to another company, alone or in bulk.
import type { RequestStatus } from '@acende/shared/enums';
import type {
  AdminRequestDetail,
  TransferRepairRequest,
  TransferResult,
  UpdateRepairRequest,
} from '@acende/shared/schemas/admin-requests';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { dueAtAfterPause } from '../../core/deadlines.ts';
import { queueStatusUpdateEmail, queueTransferEmail } from '../../core/outbox/outbox.service.ts';
import { findRequest } from '../../core/requests/request-detail.repository.ts';
import {
  insertEvent,
  transferRequestIfUnchanged,
  updateRequestIfUnchanged,
} from '../../core/requests/request-updates.repository.ts';
import type { Trx } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { resolveTemplateNotes } from '../reply-templates/reply-templates.service.ts';
import { getAdminRequest, isClosedStatus } from './admin-requests.read.service.ts';
import { findTransferTarget } from './admin-requests.transfer-target.ts';
import { listAssignableAccounts } from './assignable-accounts.repository.ts';

/** The next updatedAt: now, but always later than the previous one so a stale read is always caught. */
export function nextTimestamp(now: Date, previous: string): string {
  const previousMs = Date.parse(previous);
  return new Date(Number.isNaN(previousMs) ? now.getTime() : Math.max(now.getTime(), previousMs + 1)).toISOString();
}

/**
 * One operator's change to one request: an update (status, assignee, notes; status absent
 * keeps it) or a transfer to another company. The same rules whether it comes alone or in a
 * bulk change.
 */
export type RequestChange =
  | {
      kind: 'update';
      status?: RequestStatus;
      assignedToId?: number | null;
      notes?: string | null;
      templateId?: number | null;
      updatedAt: string;
      /**
       * When it happened, if earlier than now: a crew's fix synced later (decision 0068). The
       * history event and closed_at (so due dates and repair times) take it; updated_at stays now.
       */
      occurredAt?: string;
    }
  | { kind: 'transfer'; companyId: number; reason: string; updatedAt: string };

/** An operator's account, or a company's system by its key (decision 0066: no account id; one company's scope). */
export type ChangeMaker = Pick<AuthAdmin, 'role' | 'companyIds' | 'name'> & { id: number | null };

/**
 * Applies `change` to request `id` inside the caller's transaction: the row written only if
 * unchanged since `updatedAt`, one history event, one audit row and the citizen's e-mail, all
 * in `trx`. Throws an AppError when refused; answers false when there was nothing to change.
 */
export async function applyRequestChange(
  trx: Trx,
  deps: AppDeps,
  admin: ChangeMaker,
  id: number,
  change: RequestChange,
  actor: AuditActor,
): Promise<boolean> {
  const row = await findRequest(trx, companyScope(admin), id);
  if (!row) throw notFound('common.errors.requestNotFound');
  if (row.updatedAt !== change.updatedAt) throw conflict('admin-operations.errors.staleUpdate');
  return change.kind === 'transfer'
    ? transferRow(trx, deps, admin, row, change, actor)
    : updateRow(trx, deps, admin, row, change, actor);
}

type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

async function updateRow(
  trx: Trx,
  deps: AppDeps,
  admin: ChangeMaker,
  row: FoundRequest,
  input: Extract<RequestChange, { kind: 'update' }>,
  actor: AuditActor,
): Promise<boolean> {
  const id = row.id;
  let assignedToId = row.assignedToId;
  let assignedTo = row.assignedTo;
  if (input.assignedToId === null) {
    assignedToId = null;
    assignedTo = null;
  } else if (input.assignedToId !== undefined && input.assignedToId !== row.assignedToId) {
    const [account] = await listAssignableAccounts(trx, [row.companyId], input.assignedToId);
    if (!account) {
      throw new AppError('admin-operations.validation.assignee.invalid', 400, undefined, {
        assignedToId: 'admin-operations.validation.assignee.invalid',
      });
    }
    assignedToId = account.id;
    assignedTo = account.name;
  }

  const fromStatus = row.status as RequestStatus;
  const toStatus = input.status ?? fromStatus;
  // A reply template gives the notes kept and the e-mail's text in the citizen's language (decision 0031).
  const template = input.templateId
    ? await resolveTemplateNotes(
        trx,
        input.templateId,
        toStatus,
        input.notes ?? null,
        row.language === 'en' ? 'en' : 'pt',
      )
    : null;
  const notes = template ? template.historyNotes : input.notes;
  const statusChanged = toStatus !== fromStatus;
  // A duplicate leaves cancelled only by undo, which also ends the link and its follower (decision 0034).
  if (statusChanged && row.duplicateOfId !== null) throw conflict('followers.errors.duplicateStatus');
  const assigneeChanged = assignedToId !== row.assignedToId;
  if (!statusChanged && !assigneeChanged && !notes) return false;

  const now = nextTimestamp(deps.clock.now(), row.updatedAt);
  const at = input.occurredAt ?? now;
  const written = await updateRequestIfUnchanged(trx, id, input.updatedAt, {
    status: toStatus,
    assignedToId,
    assignedTo,
    notes: notes ?? row.notes,
    // Retention counts from the time the request reached completed or cancelled (decision 0027).
    closedAt: statusChanged ? (isClosedStatus(toStatus) ? at : null) : row.closedAt,
    // The clock stood still while cancelled (decision 0029): leaving cancelled moves the due time on by that long.
    dueAt: statusChanged && fromStatus === 'cancelled' ? dueAtAfterPause(row.dueAt, row.closedAt, now) : row.dueAt,
    updatedAt: now,
  });
  if (!written) throw conflict('admin-operations.errors.staleUpdate');
  const change = changedFields(
    { status: fromStatus, assignedToId: row.assignedToId, assignedTo: row.assignedTo, notes: row.notes },
    { status: toStatus, assignedToId, assignedTo, notes: notes ?? row.notes },
  );
  await recordAudit(
    trx,
    actor,
    {
      kind: 'request.update',
      objectType: 'request',
      objectId: id,
      before: change.before,
      after: template ? { ...change.after, templateId: template.templateId } : change.after,
    },
    now,
  );

  await insertEvent(trx, {
    requestId: id,
    kind: 'updated',
    actorId: admin.id,
    actorName: admin.name,
    // Status fields only when the status changed: the public timeline lists status changes.
    fromStatus: statusChanged ? fromStatus : null,
    toStatus: statusChanged ? toStatus : null,
    assignedToId,
    assignedTo,
    notes: notes ?? null,
    createdAt: at,
    queuedAt: now,
  });
  // The status e-mail is queued in this transaction (decision 0002 §15): it exists exactly when the change does.
  // Its link carries no token: nothing stored can rebuild one (migration 0019).
  if (statusChanged) {
    await queueStatusUpdateEmail(
      trx,
      deps,
      { id, name: row.name, email: row.email, language: row.language },
      { fromStatus, toStatus, notes: (template ? template.emailNotes : notes) ?? null },
    );
  }
  return true;
}

/**
 * Moves a request to another active company ("not ours", decision 0030): the status stays,
 * the assignee goes unless the account may work for the new company, the registry's pole (the
 * old company's) is let go while the number as filed stays. A company-linked caller may send
 * a request out of its scope, and then no longer sees it.
 */
async function transferRow(
  trx: Trx,
  deps: AppDeps,
  admin: ChangeMaker,
  row: FoundRequest,
  input: Extract<RequestChange, { kind: 'transfer' }>,
  actor: AuditActor,
): Promise<boolean> {
  const id = row.id;
  const target = await findTransferTarget(trx, input.companyId);
  if (target.id === row.companyId) {
    throw new AppError('admin-operations.validation.transfer.sameCompany', 400, undefined, {
      companyId: 'admin-operations.validation.transfer.sameCompany',
    });
  }
  let assignedToId = row.assignedToId;
  let assignedTo = row.assignedTo;
  if (assignedToId !== null) {
    const [account] = await listAssignableAccounts(trx, [target.id], assignedToId);
    if (!account) {
      assignedToId = null;
      assignedTo = null;
    }
  }
  const now = nextTimestamp(deps.clock.now(), row.updatedAt);
  const written = await transferRequestIfUnchanged(trx, id, input.updatedAt, {
    companyId: target.id,
    assignedToId,
    assignedTo,
    poleId: null,
    updatedAt: now,
  });
  if (!written) throw conflict('admin-operations.errors.staleUpdate');
  const change = changedFields(
    { companyId: row.companyId, companyName: row.companyName, assignedToId: row.assignedToId, poleId: row.poleId },
    { companyId: target.id, companyName: target.name, assignedToId, poleId: null },
  );
  await recordAudit(
    trx,
    actor,
    {
      kind: 'request.transfer',
      objectType: 'request',
      objectId: id,
      before: change.before,
      after: { ...change.after, reason: input.reason },
    },
    now,
  );
  await insertEvent(trx, {
    requestId: id,
    kind: 'transferred',
    actorId: admin.id,
    actorName: admin.name,
    fromStatus: null,
    toStatus: null,
    assignedToId,
    assignedTo,
    notes: input.reason,
    fromCompanyName: row.companyName,
    fromCompanyId: row.companyId,
    toCompanyName: target.name,
    createdAt: now,
  });
  await queueTransferEmail(
    trx,
    deps,
    { id, name: row.name, email: row.email, language: row.language, status: row.status as RequestStatus },
    { companyName: target.fullName || target.name, reason: input.reason },
  );
  return true;
}

export async function updateRepairRequest(
  deps: AppDeps,
  admin: AuthAdmin,
  id: number,
  input: UpdateRepairRequest,
  actor: AuditActor,
): Promise<AdminRequestDetail> {
  await deps.db
    .transaction()
    .execute((trx) => applyRequestChange(trx, deps, admin, id, { kind: 'update', ...input }, actor));
  return getAdminRequest(deps, admin, id);
}

/** Sends a request to another company; answers it as the caller now sees it (null: out of its scope). */
export async function transferRepairRequest(
  deps: AppDeps,
  admin: AuthAdmin,
  id: number,
  input: TransferRepairRequest,
  actor: AuditActor,
): Promise<TransferResult> {
  await deps.db
    .transaction()
    .execute((trx) => applyRequestChange(trx, deps, admin, id, { kind: 'transfer', ...input }, actor));
  const visible = await findRequest(deps.db, companyScope(admin), id);
  return { request: visible ? await getAdminRequest(deps, admin, id) : null };
}
