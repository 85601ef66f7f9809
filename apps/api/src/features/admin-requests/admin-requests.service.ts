// The rules of the operators' work on repair requests: scoped reading, the update
// (any status to any status, assignee kept unless a new one is given, history event
// and status e-mail in the same transaction, stale edits refused) and the counts.
import { MAX_ID } from '@acende/shared/constants';
import { type ProblemType, REQUEST_STATUSES, type RequestStatus } from '@acende/shared/enums';
import type {
  AdminRequestDetail,
  AdminRequestList,
  AdminRequestListQuery,
  Assignee,
  CompanyRequestCounts,
  RequestCounts,
  RequestEvent,
  TransferRepairRequest,
  TransferResult,
  UpdateRepairRequest,
} from '@acende/shared/schemas/admin-requests';
import type { AppDeps } from '../../app-deps.ts';
import type { Trx } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { unstorableTextAt } from '../../lib/unstorable-text.ts';
import { changedFields } from '../audit/audit.diff.ts';
import type { AuditActor } from '../audit/audit.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../auth/sessions.service.ts';
import { queueStatusUpdateEmail, queueTransferEmail } from '../email/outbox.service.ts';
import { countFollowers, listDuplicateIds } from '../followers/followers.repository.ts';
import { resolveTemplateNotes } from '../reply-templates/reply-templates.service.ts';
import { dueAtAfterPause, getOverdueByCompany } from '../sla/sla.service.ts';
import { type Cursor, listFiltersOf } from './admin-requests.filters.ts';
import { cursorOf, type ListOrder, listRequests, orderColumns } from './admin-requests.list.repository.ts';
import { listAssignableAccounts } from './assignable-accounts.repository.ts';
import { countByCompanyAndStatus, countByStatus, listScopedCompanies } from './request-counters.repository.ts';
import { findRequest, listEvents, listOpenOnSamePole } from './request-detail.repository.ts';
import {
  findCompanyForTransfer,
  insertEvent,
  transferRequestIfUnchanged,
  updateRequestIfUnchanged,
} from './request-updates.repository.ts';

const isClosedStatus = (status: RequestStatus) => status === 'completed' || status === 'cancelled';

type Reader = Pick<AuthAdmin, 'role' | 'companyIds'>;

export async function listAdminRequests(
  deps: AppDeps,
  admin: Reader,
  query: AdminRequestListQuery,
): Promise<AdminRequestList> {
  const { page, pageSize, cursor, sort, dir } = query;
  const filters = listFiltersOf(query, deps.clock.now());
  const order: ListOrder = { sort, dir };
  const after = cursor === undefined ? undefined : decodeCursor(cursor, order);
  const { total, totalIsEstimate, items } = await listRequests(
    deps.db,
    companyScope(admin),
    filters,
    order,
    page,
    pageSize,
    after,
  );
  const last = items[items.length - 1];
  return {
    total,
    totalIsEstimate,
    page,
    pageSize,
    nextCursor: last && items.length === pageSize ? encodeCursor(cursorOf(order, last)) : null,
    items: items.map(({ reopenedAt, ...row }) => ({
      ...row,
      problemType: row.problemType as ProblemType,
      status: row.status as RequestStatus,
      // Reopened by its citizen (issue 22) and not closed again since.
      reopened: reopenedAt !== null && !isClosedStatus(row.status as RequestStatus),
    })),
  };
}

/**
 * The cursor is opaque to clients: base64url of the last row's values of the order's
 * columns ([createdAt, id] newest first), the id last.
 */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Stored timestamps are Date#toISOString's text, to the millisecond, within year 9999. */
const STORED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Whether `part` is a value `column` can hold, in the form it is stored. */
function fitsColumn(column: string, part: unknown): boolean {
  switch (column) {
    case 'repairRequests.id':
      return Number.isSafeInteger(part) && (part as number) > 0 && (part as number) <= MAX_ID;
    case 'repairRequests.status':
      return (REQUEST_STATUSES as readonly unknown[]).includes(part);
    default: {
      // createdAt, updatedAt: a string that reads back as itself, so never NUL nor a surrogate.
      if (typeof part !== 'string' || !STORED_INSTANT.test(part)) return false;
      const ms = Date.parse(part);
      return !Number.isNaN(ms) && new Date(ms).toISOString() === part;
    }
  }
}

/**
 * A cursor of `order`: one value per column, each of the column's kind and in its stored
 * form (a crafted one would otherwise reach the database: PostgreSQL refuses NUL with a
 * 500). Else the same 400 as an unreadable cursor.
 */
function decodeCursor(text: string, order: ListOrder): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    const { columns } = orderColumns(order);
    if (
      Array.isArray(value) &&
      value.length === columns.length &&
      unstorableTextAt(value) === undefined &&
      columns.every((column, i) => fitsColumn(column, value[i]))
    ) {
      return value as Cursor;
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw new AppError('validation.invalid', 400, undefined, { cursor: 'validation.invalid' });
}

export async function getAdminRequest(
  deps: AppDeps,
  admin: Reader,
  id: number,
  db: AppDeps['db'] | Trx = deps.db,
): Promise<AdminRequestDetail> {
  const scope = companyScope(admin);
  const row = await findRequest(db, scope, id);
  if (!row) throw notFound('errors.requestNotFound');
  // One after the other: `db` may be a transaction, which runs one statement at a time.
  const events = await listEvents(db, id);
  const samePole = await listOpenOnSamePole(db, scope, row);
  const followerCount = await countFollowers(db, id);
  const duplicateIds = await listDuplicateIds(db, id);
  let assignee: number | null = null;
  const history: RequestEvent[] = events.map((event) => {
    // An event records the assignee after it; it changed it when that differs from before.
    const changed = event.kind !== 'created' && event.assignedToId !== assignee;
    if (event.kind !== 'created') assignee = event.assignedToId;
    return {
      id: event.id,
      kind: event.kind,
      at: event.createdAt,
      actorId: event.actorId,
      actorName: event.actorName,
      fromStatus: event.fromStatus as RequestStatus | null,
      toStatus: event.toStatus as RequestStatus | null,
      assignedToId: event.assignedToId,
      assignedTo: event.assignedTo,
      assigneeChanged: changed,
      notes: event.notes,
      fromCompany: event.fromCompanyName,
      toCompany: event.toCompanyName,
    };
  });
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    reference: row.reference,
    problemType: row.problemType as ProblemType,
    latitude: row.latitude,
    longitude: row.longitude,
    district: row.district,
    city: row.city,
    status: row.status as RequestStatus,
    notes: row.notes,
    language: row.language === 'en' ? 'en' : 'pt',
    company: {
      id: row.companyId,
      name: row.companyName,
      fullName: row.companyFullName,
      colorClass: row.companyColorClass,
      iconClass: row.companyIconClass,
      active: row.companyActive === 1,
    },
    companyName: row.companyName,
    assignedToId: row.assignedToId,
    assignedTo: row.assignedTo,
    assignee:
      row.assignedToId !== null && row.assigneeName !== null
        ? {
            id: row.assignedToId,
            name: row.assigneeName,
            username: row.assigneeUsername ?? '',
            active: row.assigneeActive === 1,
          }
        : null,
    poleNumber: row.poleNumber,
    poleId: row.poleId,
    openOnSamePole: samePole.map((other) => ({
      id: other.id,
      status: other.status as RequestStatus,
      createdAt: other.createdAt,
    })),
    anonymizedAt: row.anonymizedAt,
    dueAt: row.dueAt,
    closedAt: row.closedAt,
    followerCount,
    duplicateOfId: row.duplicateOfId,
    duplicateIds,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    history,
  };
}

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
    }
  | { kind: 'transfer'; companyId: number; reason: string; updatedAt: string };

/**
 * Applies `change` to request `id` inside the caller's transaction: the row written only if
 * unchanged since `updatedAt`, one history event, one audit row and the citizen's e-mail, all
 * in `trx`. Throws an AppError when refused; answers false when there was nothing to change.
 */
export async function applyRequestChange(
  trx: Trx,
  deps: AppDeps,
  admin: AuthAdmin,
  id: number,
  change: RequestChange,
  actor: AuditActor,
): Promise<boolean> {
  const row = await findRequest(trx, companyScope(admin), id);
  if (!row) throw notFound('errors.requestNotFound');
  if (row.updatedAt !== change.updatedAt) throw conflict('errors.staleUpdate');
  return change.kind === 'transfer'
    ? transferRow(trx, deps, admin, row, change, actor)
    : updateRow(trx, deps, admin, row, change, actor);
}

type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

async function updateRow(
  trx: Trx,
  deps: AppDeps,
  admin: AuthAdmin,
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
      throw new AppError('validation.assignee.invalid', 400, undefined, {
        assignedToId: 'validation.assignee.invalid',
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
  if (statusChanged && row.duplicateOfId !== null) throw conflict('errors.duplicateStatus');
  const assigneeChanged = assignedToId !== row.assignedToId;
  if (!statusChanged && !assigneeChanged && !notes) return false;

  const now = nextTimestamp(deps.clock.now(), row.updatedAt);
  const written = await updateRequestIfUnchanged(trx, id, input.updatedAt, {
    status: toStatus,
    assignedToId,
    assignedTo,
    notes: notes ?? row.notes,
    // Retention counts from the time the request reached completed or cancelled (decision 0027).
    closedAt: statusChanged ? (isClosedStatus(toStatus) ? now : null) : row.closedAt,
    // The clock stood still while cancelled (decision 0029): leaving cancelled moves the due time on by that long.
    dueAt: statusChanged && fromStatus === 'cancelled' ? dueAtAfterPause(row.dueAt, row.closedAt, now) : row.dueAt,
    updatedAt: now,
  });
  if (!written) throw conflict('errors.staleUpdate');
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
    createdAt: now,
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
  admin: AuthAdmin,
  row: FoundRequest,
  input: Extract<RequestChange, { kind: 'transfer' }>,
  actor: AuditActor,
): Promise<boolean> {
  const id = row.id;
  const target = await findTransferTarget(trx, input.companyId);
  if (target.id === row.companyId) {
    throw new AppError('validation.transfer.sameCompany', 400, undefined, {
      companyId: 'validation.transfer.sameCompany',
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
  if (!written) throw conflict('errors.staleUpdate');
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

/** The company a transfer goes to: it must exist and be active, else a 400 on `companyId`. */
export async function findTransferTarget(db: AppDeps['db'] | Trx, companyId: number) {
  const company = await findCompanyForTransfer(db, companyId);
  if (!company) {
    throw new AppError('validation.transfer.companyInvalid', 400, undefined, {
      companyId: 'validation.transfer.companyInvalid',
    });
  }
  if (company.active !== 1) {
    throw new AppError('validation.transfer.companyInactive', 400, undefined, {
      companyId: 'validation.transfer.companyInactive',
    });
  }
  return company;
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

function emptyCounts(): RequestCounts {
  return { total: 0, open: 0, in_progress: 0, completed: 0, cancelled: 0 };
}

function addCount(counts: RequestCounts, status: string, count: number) {
  counts.total += count;
  if ((REQUEST_STATUSES as readonly string[]).includes(status)) counts[status as RequestStatus] += count;
}

export async function getRequestCounts(deps: AppDeps, admin: Reader): Promise<RequestCounts> {
  const counts = emptyCounts();
  for (const row of await countByStatus(deps.db, companyScope(admin))) addCount(counts, row.status, Number(row.count));
  return counts;
}

export async function getCompanyRequestCounts(deps: AppDeps, admin: Reader): Promise<CompanyRequestCounts> {
  const scope = companyScope(admin);
  const [companies, rows, overdue] = await Promise.all([
    listScopedCompanies(deps.db, scope),
    countByCompanyAndStatus(deps.db, scope),
    getOverdueByCompany(deps, scope),
  ]);
  const byCompany = new Map(
    companies.map((c) => [
      c.id,
      { companyId: c.id, companyName: c.name, ...emptyCounts(), overdue: overdue.get(c.id) ?? 0 },
    ]),
  );
  for (const row of rows) {
    const entry = byCompany.get(row.companyId);
    if (entry) addCount(entry, row.status, Number(row.count));
  }
  // Inactive companies without requests say nothing on a dashboard.
  return companies
    .filter((c) => c.active === 1 || (byCompany.get(c.id)?.total ?? 0) > 0)
    .map((c) => byCompany.get(c.id) as CompanyRequestCounts[number]);
}

/**
 * Accounts a request of `companyId` may be assigned to; without it, to any company the
 * caller sees. A company outside the caller's scope has no assignees for the caller.
 */
export async function listAssignees(deps: AppDeps, admin: Reader, companyId?: number): Promise<Assignee[]> {
  const scope = companyScope(admin);
  if (companyId !== undefined && scope !== null && !scope.includes(companyId)) return [];
  const companies = companyId !== undefined ? [companyId] : scope;
  const rows = await listAssignableAccounts(deps.db, companies);
  return rows.map((row) => ({ ...row, role: row.role as Assignee['role'] }));
}
