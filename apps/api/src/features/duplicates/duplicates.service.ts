// Marking a request as a duplicate of another and undoing it (issue 23, decision 0034). The
// duplicate is closed as cancelled with a link to the original (decision 0002 §18); its filer
// follows the original and is told; its own followers get the status change. Undo restores
// the status it had and removes that follower. Each side gets one history event, the change
// one audit row, all in one transaction with the usual optimistic check on updatedAt.

import type { RequestStatus } from '@acende/shared/enums';
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import {
  DUPLICATE_RADIUS_M,
  type DuplicateCandidates,
  FOLLOWERS_MAX,
  type MarkDuplicate,
  type UndoDuplicate,
} from '@acende/shared/schemas/followers';
import type { AppDeps } from '../../app-deps.ts';
import type { AuditActor } from '../../core/audit/audit.repository.ts';
import { recordAudit } from '../../core/audit/audit.repository.ts';
import { queueStatusNotices } from '../../core/channels/channel-notices.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { dueAtAfterPause } from '../../core/deadlines.ts';
import {
  countFollowers,
  deleteFollowersVia,
  insertFollower,
  listDuplicateIds,
} from '../../core/followers/followers.repository.ts';
import { findOpenNearby } from '../../core/followers/nearby.service.ts';
import { followerUnsubscribeToken } from '../../core/followers/unsubscribe-tokens.ts';
import { queueDuplicateNotice, queueFollowerEmails, queueStatusUpdateEmail } from '../../core/outbox/outbox.service.ts';
import { findRequest } from '../../core/requests/request-detail.repository.ts';
import { insertEvent } from '../../core/requests/request-updates.repository.ts';
import { dialectOf, type Trx } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { nextTimestamp } from '../admin-requests/admin-requests.change.service.ts';
import { getAdminRequest } from '../admin-requests/admin-requests.read.service.ts';
import { statusBeforeDuplicate, writeDuplicateIfUnchanged } from './duplicates.repository.ts';

const SUGGESTIONS_MAX = 10;
const isClosed = (status: RequestStatus) => status === 'completed' || status === 'cancelled';
const originalError = (
  key:
    | 'followers.validation.duplicateOf.self'
    | 'followers.validation.duplicateOf.notFound'
    | 'followers.validation.duplicateOf.isDuplicate',
) => new AppError(key, 400, undefined, { originalId: key });

/** Open requests in the caller's scope within 100 m of the request or on its pole, nearest first. */
export async function listDuplicateCandidates(
  deps: AppDeps,
  admin: Pick<AuthAdmin, 'role' | 'companyIds'>,
  id: number,
): Promise<DuplicateCandidates> {
  const scope = companyScope(admin);
  const row = await findRequest(deps.db, scope, id);
  if (!row) throw notFound('common.errors.requestNotFound');
  const found = await findOpenNearby(deps.db, {
    lat: Number(row.latitude),
    lng: Number(row.longitude),
    radius: DUPLICATE_RADIUS_M,
    poleId: row.poleId,
    scope,
    except: id,
    max: SUGGESTIONS_MAX,
  });
  return { items: found.map(({ companyId: _company, ...item }) => item) };
}

async function readForChange(trx: Trx, admin: AuthAdmin, id: number, updatedAt: string) {
  const row = await findRequest(trx, companyScope(admin), id);
  if (!row) throw notFound('common.errors.requestNotFound');
  if (row.updatedAt !== updatedAt) throw conflict('admin-operations.errors.staleUpdate');
  return row;
}

async function linkEvent(
  trx: Trx,
  admin: AuthAdmin,
  kind: string,
  request: { id: number; assignedToId: number | null; assignedTo: string | null },
  notes: string,
  at: string,
) {
  await insertEvent(trx, {
    requestId: request.id,
    kind,
    actorId: admin.id,
    actorName: admin.name,
    fromStatus: null,
    toStatus: null,
    // The history reads an event's assignee as the one after it: the original keeps its own.
    assignedToId: request.assignedToId,
    assignedTo: request.assignedTo,
    notes,
    createdAt: at,
  });
}

export async function markDuplicate(
  deps: AppDeps,
  admin: AuthAdmin,
  id: number,
  input: MarkDuplicate,
  actor: AuditActor,
): Promise<AdminRequestDetail> {
  await deps.db.transaction().execute(async (trx) => {
    // PostgreSQL: both rows locked first (in id order: no deadlock), so two marks at once
    // (A of B and B of A, or A of B and B of C) see each other and never make a chain.
    // SQLite runs one write transaction at a time.
    if (dialectOf(trx) === 'postgres') {
      await trx
        .selectFrom('repairRequests')
        .select('id')
        .where('id', 'in', [id, input.originalId])
        .orderBy('id')
        .forUpdate()
        .execute();
    }
    const row = await readForChange(trx, admin, id, input.updatedAt);
    if (row.duplicateOfId !== null) throw conflict('followers.errors.alreadyDuplicate');
    if (input.originalId === id) throw originalError('followers.validation.duplicateOf.self');
    // Out of the caller's scope reads as not found: a number must not say what it is.
    const original = await findRequest(trx, companyScope(admin), input.originalId);
    if (!original) throw originalError('followers.validation.duplicateOf.notFound');
    // No chains: an original is never itself a duplicate, so one link always reaches it.
    if (original.duplicateOfId !== null) throw originalError('followers.validation.duplicateOf.isDuplicate');
    if ((await listDuplicateIds(trx, id)).length > 0) throw conflict('followers.errors.hasDuplicates');

    const fromStatus = row.status as RequestStatus;
    const now = nextTimestamp(deps.clock.now(), row.updatedAt);
    const written = await writeDuplicateIfUnchanged(trx, id, input.updatedAt, {
      status: 'cancelled',
      duplicateOfId: original.id,
      closedAt: isClosed(fromStatus) && row.closedAt ? row.closedAt : now,
      updatedAt: now,
    });
    if (!written) throw conflict('admin-operations.errors.staleUpdate');
    await recordAudit(
      trx,
      actor,
      {
        kind: 'request.duplicate',
        objectType: 'request',
        objectId: id,
        before: { status: fromStatus, duplicateOfId: null },
        after: { status: 'cancelled', duplicateOfId: original.id },
      },
      now,
    );
    await insertEvent(trx, {
      requestId: id,
      kind: 'duplicate',
      actorId: admin.id,
      actorName: admin.name,
      fromStatus: fromStatus === 'cancelled' ? null : fromStatus,
      toStatus: fromStatus === 'cancelled' ? null : 'cancelled',
      assignedToId: row.assignedToId,
      assignedTo: row.assignedTo,
      notes: `#${original.id}`,
      createdAt: now,
    });
    await linkEvent(trx, admin, 'duplicate_linked', original, `#${id}`, now);

    // Its filer follows the original (unless they gave no e-mail, asked for no more, or it was anonymised).
    // Nor when the original was anonymised: retention never returns to it to delete the follower.
    // And within FOLLOWERS_MAX, as the follow form (the original's row is locked above on PostgreSQL).
    if (
      row.email &&
      row.statusEmailsOffAt === null &&
      row.anonymizedAt === null &&
      original.anonymizedAt === null &&
      (await countFollowers(trx, original.id)) < FOLLOWERS_MAX
    ) {
      const added = await insertFollower(trx, {
        requestId: original.id,
        email: row.email,
        language: row.language,
        unsubscribeTokenHash: hashToken(followerUnsubscribeToken(deps.config.APP_SECRET, original.id, row.email)),
        viaRequestId: id,
        createdAt: now,
      });
      if (added) {
        await queueDuplicateNotice(
          trx,
          deps,
          { id, name: row.name, email: row.email, language: row.language },
          original.id,
        );
      }
    }
    // The duplicate's own followers hear that it closed, and its filer on the channels asked for
    // (its tracking page says which request it joined).
    await queueFollowerEmails(trx, deps, id, { fromStatus, toStatus: 'cancelled' });
    await queueStatusNotices(trx, deps, id, { fromStatus, toStatus: 'cancelled' });
  });
  return getAdminRequest(deps, admin, id);
}

export async function undoDuplicate(
  deps: AppDeps,
  admin: AuthAdmin,
  id: number,
  input: UndoDuplicate,
  actor: AuditActor,
): Promise<AdminRequestDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await readForChange(trx, admin, id, input.updatedAt);
    if (row.duplicateOfId === null) throw conflict('followers.errors.notDuplicate');
    const originalId = row.duplicateOfId;
    // The status it had before; `cancelled` when it was cancelled already (the event then has no status).
    const toStatus = (await statusBeforeDuplicate(trx, id)) ?? 'cancelled';
    const now = nextTimestamp(deps.clock.now(), row.updatedAt);
    const written = await writeDuplicateIfUnchanged(trx, id, input.updatedAt, {
      status: toStatus,
      duplicateOfId: null,
      closedAt: isClosed(toStatus) ? (row.closedAt ?? now) : null,
      // The clock stood still while cancelled (decision 0029): leaving it moves the due time on by that long.
      dueAt:
        row.status === 'cancelled' && toStatus !== 'cancelled'
          ? dueAtAfterPause(row.dueAt, row.closedAt, now)
          : row.dueAt,
      updatedAt: now,
    });
    if (!written) throw conflict('admin-operations.errors.staleUpdate');
    await deleteFollowersVia(trx, id);
    await recordAudit(
      trx,
      actor,
      {
        kind: 'request.duplicate_undo',
        objectType: 'request',
        objectId: id,
        before: { status: row.status, duplicateOfId: originalId },
        after: { status: toStatus, duplicateOfId: null },
      },
      now,
    );
    const statusChanged = toStatus !== row.status;
    await insertEvent(trx, {
      requestId: id,
      kind: 'duplicate_undone',
      actorId: admin.id,
      actorName: admin.name,
      fromStatus: statusChanged ? (row.status as RequestStatus) : null,
      toStatus: statusChanged ? toStatus : null,
      assignedToId: row.assignedToId,
      assignedTo: row.assignedTo,
      notes: `#${originalId}`,
      createdAt: now,
    });
    // The original may be outside the caller's scope by now (a transfer): its event is written all the same.
    const original = await findRequest(trx, null, originalId);
    if (original) await linkEvent(trx, admin, 'duplicate_unlinked', original, `#${id}`, now);
    if (statusChanged) {
      await queueStatusUpdateEmail(
        trx,
        deps,
        { id, name: row.name, email: row.email, language: row.language },
        { fromStatus: row.status, toStatus, notes: null },
      );
    }
  });
  return getAdminRequest(deps, admin, id);
}
