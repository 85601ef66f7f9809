// The operators' reading of repair requests, scoped to their companies: the list (with its
// opaque cursor), one request with its history, the counts by status and company, and the
// accounts a request may be assigned to. Changes are in admin-requests.change.service.ts.

import { MAX_ID } from '@acende/shared/constants';
import { type ProblemType, REQUEST_STATUSES, type RequestStatus } from '@acende/shared/enums';
import type { AdminRequestListQuery } from '@acende/shared/schemas/admin-request-filters';
import type {
  AdminRequestDetail,
  AdminRequestList,
  Assignee,
  CompanyRequestCounts,
  MessageStatus,
  RequestCounts,
  RequestEvent,
} from '@acende/shared/schemas/admin-requests';
import type { AppDeps } from '../../app-deps.ts';
import { type Channel, listRequestMessages } from '../../core/channels/channel-outbox.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { getOverdueByCompany } from '../../core/deadlines.ts';
import { countFollowers, listDuplicateIds } from '../../core/followers/followers.repository.ts';
import { findRating } from '../../core/ratings/ratings.repository.ts';
import { findRequest, listEvents, listOpenOnSamePole } from '../../core/requests/request-detail.repository.ts';
import type { Trx } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { unstorableTextAt } from '../../lib/unstorable-text.ts';
import { type Cursor, listFiltersOf } from './admin-requests.filters.ts';
import { cursorOf, type ListOrder, listRequests, orderColumns } from './admin-requests.list.repository.ts';
import { listAssignableAccounts } from './assignable-accounts.repository.ts';
import { countByCompanyAndStatus, countByStatus, listScopedCompanies } from './request-counters.repository.ts';

export const isClosedStatus = (status: RequestStatus) => status === 'completed' || status === 'cancelled';

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
  throw new AppError('common.validation.invalid', 400, undefined, { cursor: 'common.validation.invalid' });
}

export async function getAdminRequest(
  deps: AppDeps,
  admin: Reader,
  id: number,
  db: AppDeps['db'] | Trx = deps.db,
): Promise<AdminRequestDetail> {
  const scope = companyScope(admin);
  const row = await findRequest(db, scope, id);
  if (!row) throw notFound('common.errors.requestNotFound');
  // One after the other: `db` may be a transaction, which runs one statement at a time.
  const events = await listEvents(db, id);
  const samePole = await listOpenOnSamePole(db, scope, row);
  const followerCount = await countFollowers(db, id);
  const duplicateIds = await listDuplicateIds(db, id);
  const rating = await findRating(db, id);
  const messages = await listRequestMessages(db, id);
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
    mediaUrl: row.mediaUrl,
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
    rating: rating ? { score: rating.score, comment: rating.comment, at: rating.createdAt } : null,
    messages: messages.map((m) => ({ ...m, channel: m.channel as Channel, status: m.status as MessageStatus })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    history,
  };
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
