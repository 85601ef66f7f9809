// Putting e-mails in the outbox, always inside the caller's transaction so an e-mail
// exists exactly when the change that caused it was committed. Nothing is queued
// while e-mail is disabled (decision 0002 §15). The worker (outbox-worker.ts) sends them.
import { randomUUID } from 'node:crypto';
import { ratingUrl, trackingUrl } from '@acende/shared/constants';
import type { Language, ProblemType, RequestStatus } from '@acende/shared/enums';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { queueStatusNotices } from '../channels/channel-notices.ts';
import { listFollowers, statusEmailsOff } from '../followers/followers.repository.ts';
import { filerUnsubscribeToken, followerUnsubscribeToken, unsubscribeUrl } from '../followers/unsubscribe-tokens.ts';
import { ratingToken } from '../ratings/rating-tokens.ts';
import type { RenderedEmail } from './email.render.ts';
import {
  renderConfirmation,
  renderDuplicateNotice,
  renderFollowConfirmation,
  renderFollowerStatusUpdate,
  renderPasswordReset,
  renderStatusUpdate,
  renderTransfer,
} from './email.templates.ts';
import { isEmailEnabled } from './email-settings.service.ts';
import { insertOutboxEmail, type NewOutboxEmail, readUnsentBacklog } from './outbox.repository.ts';

export type EmailKind =
  | 'request_confirmation'
  | 'status_update'
  | 'request_transfer'
  | 'password_reset'
  | 'sign_in_link'
  | 'follow_confirmation'
  | 'follower_status'
  | 'duplicate_notice';

const asLanguage = (value: string | null | undefined): Language => (value === 'en' ? 'en' : 'pt');

/** A Message-ID of our own, fixed when the row is written, so every retry carries the same one. */
function newMessageId(deps: AppDeps): string {
  let host = 'acende.local';
  try {
    host = new URL(deps.config.PUBLIC_URL).hostname || host;
  } catch {
    // keep the default
  }
  return `<${randomUUID()}@${host}>`;
}

/**
 * What the outbox holds unsent, read from the database (every instance sees the same):
 * how many e-mails, and how long the oldest of them has waited (0 when there are none).
 */
export async function outboxBacklog(
  deps: Pick<AppDeps, 'db' | 'clock'>,
): Promise<{ unsent: number; oldestAgeSeconds: number }> {
  const { count, oldestCreatedAt } = await readUnsentBacklog(deps.db);
  const age = oldestCreatedAt ? (deps.clock.now().getTime() - Date.parse(oldestCreatedAt)) / 1000 : 0;
  return { unsent: count, oldestAgeSeconds: Math.max(0, age) };
}

/** Writes one e-mail to the outbox with `db` (normally the caller's transaction). */
export async function queueEmail(
  db: Db,
  deps: AppDeps,
  email: RenderedEmail & { kind: EmailKind; to: string; requestId?: number | null; adminId?: number | null },
): Promise<number> {
  return insertOutboxEmail(db, {
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    messageId: newMessageId(deps),
    requestId: email.requestId ?? null,
    adminId: email.adminId ?? null,
    createdAt: iso(deps.clock),
  });
}

export interface ConfirmationRequest {
  id: number;
  name: string | null;
  email: string | null;
  phone: string;
  address: string;
  reference: string | null;
  problemType: ProblemType;
  companyName: string;
  /** The due time the filing's trigger set (null without a target): the e-mail's expected repair date. */
  dueAt: string | null;
  language: string;
}

/**
 * The new-request confirmation as an outbox row, for the creating transaction to write when
 * the citizen gave an e-mail and e-mail is enabled (the caller checks). Its link carries the
 * tracking token (decision 0002 §8).
 */
export function confirmationEmail(
  deps: AppDeps,
  request: ConfirmationRequest & { email: string },
  trackingToken: string,
): NewOutboxEmail {
  const rendered = renderConfirmation(asLanguage(request.language), {
    id: request.id,
    name: request.name,
    phone: request.phone,
    address: request.address,
    reference: request.reference,
    problemType: request.problemType,
    companyName: request.companyName,
    dueAt: request.dueAt,
    trackingUrl: trackingUrl(deps.config.PUBLIC_URL, request.id, trackingToken),
    unsubscribeUrl: filerUnsubscribeUrl(deps, request.id),
  });
  return {
    kind: 'request_confirmation',
    toAddress: request.email,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    messageId: newMessageId(deps),
    requestId: request.id,
    adminId: null,
    createdAt: iso(deps.clock),
  };
}

export interface StatusUpdateRequest {
  id: number;
  name: string | null;
  email: string | null;
  language: string;
}

const filerUnsubscribeUrl = (deps: AppDeps, requestId: number) =>
  unsubscribeUrl(deps.config.PUBLIC_URL, filerUnsubscribeToken(deps.config.APP_SECRET, requestId));

/** The link that stops a follower's e-mails; the token is derived again, never read back. */
export const followerUnsubscribeUrl = (deps: AppDeps, requestId: number, email: string) =>
  unsubscribeUrl(deps.config.PUBLIC_URL, followerUnsubscribeToken(deps.config.APP_SECRET, requestId, email));

export interface StatusChange {
  fromStatus: string | null;
  toStatus: RequestStatus;
  notes: string | null;
  trackingToken?: string;
}

/**
 * Queues the status-update notice inside the updating transaction, when the status
 * changed and e-mail is enabled: to the citizen who filed it (when they gave an e-mail and
 * did not unsubscribe) and to each follower (queueFollowerEmails). Only the hash of the
 * tracking token is stored, so the link carries the token only when the caller has one.
 * Answers whether the filer's e-mail was queued.
 */
export async function queueStatusUpdateEmail(
  trx: Db,
  deps: AppDeps,
  request: StatusUpdateRequest,
  change: StatusChange,
): Promise<boolean> {
  if (change.fromStatus === change.toStatus) return false;
  // The filer's SMS, WhatsApp and push notices, when asked for (issue 36), whether e-mail is on or not.
  await queueStatusNotices(trx, deps, request.id, change);
  if (!(await isEmailEnabled(trx))) return false;
  await queueFollowerEmails(trx, deps, request.id, change, true);
  if (!request.email || (await statusEmailsOff(trx, request.id))) return false;
  const rendered = renderStatusUpdate(asLanguage(request.language), {
    id: request.id,
    name: request.name,
    status: change.toStatus,
    notes: change.notes,
    trackingUrl: trackingUrl(deps.config.PUBLIC_URL, request.id, change.trackingToken),
    // The filer's completion e-mail asks for a rating, with a token that only rates (decision 0050).
    ratingUrl:
      change.toStatus === 'completed'
        ? ratingUrl(deps.config.PUBLIC_URL, request.id, ratingToken(deps.config.APP_SECRET, request.id))
        : undefined,
    unsubscribeUrl: filerUnsubscribeUrl(deps, request.id),
  });
  await queueEmail(trx, deps, { ...rendered, kind: 'status_update', to: request.email, requestId: request.id });
  return true;
}

/**
 * Queues the transfer notice inside the transferring transaction, when the citizen gave an
 * e-mail and e-mail is enabled, in the citizen's language. The link carries no token.
 */
export async function queueTransferEmail(
  trx: Db,
  deps: AppDeps,
  request: StatusUpdateRequest & { status: RequestStatus },
  transfer: { companyName: string; reason: string },
): Promise<boolean> {
  if (!request.email || !(await isEmailEnabled(trx)) || (await statusEmailsOff(trx, request.id))) return false;
  const rendered = renderTransfer(asLanguage(request.language), {
    id: request.id,
    name: request.name,
    status: request.status,
    companyName: transfer.companyName,
    reason: transfer.reason,
    trackingUrl: trackingUrl(deps.config.PUBLIC_URL, request.id),
    unsubscribeUrl: filerUnsubscribeUrl(deps, request.id),
  });
  await queueEmail(trx, deps, { ...rendered, kind: 'request_transfer', to: request.email, requestId: request.id });
  return true;
}

/**
 * The status change of a request to each of its followers, in each one's language, in the
 * caller's transaction: every path that changes a status (the operators' update, a duplicate,
 * a reopen) reaches them through queueStatusUpdateEmail, or calls this directly. Answers how
 * many were queued. The operator's notes are not sent: they were written for the filer.
 */
export async function queueFollowerEmails(
  trx: Db,
  deps: AppDeps,
  requestId: number,
  change: Pick<StatusChange, 'fromStatus' | 'toStatus'>,
  enabledChecked = false,
): Promise<number> {
  if (change.fromStatus === change.toStatus) return 0;
  if (!enabledChecked && !(await isEmailEnabled(trx))) return 0;
  const followers = await listFollowers(trx, requestId);
  for (const follower of followers) {
    const rendered = renderFollowerStatusUpdate(asLanguage(follower.language), {
      id: requestId,
      status: change.toStatus,
      trackingUrl: trackingUrl(deps.config.PUBLIC_URL, requestId),
      unsubscribeUrl: followerUnsubscribeUrl(deps, requestId, follower.email),
    });
    await queueEmail(trx, deps, { ...rendered, kind: 'follower_status', to: follower.email, requestId });
  }
  return followers.length;
}

/** Tells a new follower they follow the request, with the link that stops it. Answers whether it was queued. */
export async function queueFollowConfirmation(
  trx: Db,
  deps: AppDeps,
  follower: { requestId: number; email: string; language: string },
): Promise<boolean> {
  if (!(await isEmailEnabled(trx))) return false;
  const rendered = renderFollowConfirmation(asLanguage(follower.language), {
    id: follower.requestId,
    trackingUrl: trackingUrl(deps.config.PUBLIC_URL, follower.requestId),
    unsubscribeUrl: followerUnsubscribeUrl(deps, follower.requestId, follower.email),
  });
  await queueEmail(trx, deps, {
    ...rendered,
    kind: 'follow_confirmation',
    to: follower.email,
    requestId: follower.requestId,
  });
  return true;
}

/**
 * Tells the filer of a duplicate that it was merged into the original, which they now
 * follow. Filed under the duplicate's number, so anonymising the duplicate scrubs it.
 */
export async function queueDuplicateNotice(
  trx: Db,
  deps: AppDeps,
  duplicate: { id: number; name: string | null; email: string; language: string },
  originalId: number,
): Promise<boolean> {
  if (!(await isEmailEnabled(trx))) return false;
  const rendered = renderDuplicateNotice(asLanguage(duplicate.language), {
    id: duplicate.id,
    name: duplicate.name,
    originalId,
    trackingUrl: trackingUrl(deps.config.PUBLIC_URL, originalId),
    unsubscribeUrl: followerUnsubscribeUrl(deps, originalId, duplicate.email),
  });
  await queueEmail(trx, deps, { ...rendered, kind: 'duplicate_notice', to: duplicate.email, requestId: duplicate.id });
  return true;
}

/** Queues a password-reset e-mail to an account, in its language. */
export async function queuePasswordResetEmail(
  trx: Db,
  deps: AppDeps,
  account: { id: number; name: string; username: string; email: string; language: string },
  token: string,
): Promise<void> {
  const resetUrl = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/admin/reset-password/${encodeURIComponent(token)}`;
  const rendered = renderPasswordReset(asLanguage(account.language), {
    name: account.name,
    username: account.username,
    resetUrl,
  });
  await queueEmail(trx, deps, { ...rendered, kind: 'password_reset', to: account.email, adminId: account.id });
}
