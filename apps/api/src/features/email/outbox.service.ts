// Putting e-mails in the outbox, always inside the caller's transaction so an e-mail
// exists exactly when the change that caused it was committed. Nothing is queued
// while e-mail is disabled (decision 0002 §15). The worker (outbox-worker.ts) sends them.
import { randomUUID } from 'node:crypto';
import { trackingUrl } from '@acende/shared/constants';
import type { Language, ProblemType, RequestStatus } from '@acende/shared/enums';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import {
  type RenderedEmail,
  renderConfirmation,
  renderPasswordReset,
  renderStatusUpdate,
  renderTransfer,
} from './email.templates.ts';
import { isEmailEnabled } from './email-settings.service.ts';
import { insertOutboxEmail, type NewOutboxEmail, readUnsentBacklog } from './outbox.repository.ts';

export type EmailKind = 'request_confirmation' | 'status_update' | 'request_transfer' | 'password_reset';

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
    trackingUrl: trackingUrl(deps.config.PUBLIC_URL, request.id, trackingToken),
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

/**
 * Queues the status-update notice inside the updating transaction, when the status
 * changed, the citizen gave an e-mail and e-mail is enabled. Only the hash of the
 * tracking token is stored, so the link carries the token only when the caller has one.
 */
export async function queueStatusUpdateEmail(
  trx: Db,
  deps: AppDeps,
  request: StatusUpdateRequest,
  change: { fromStatus: string | null; toStatus: RequestStatus; notes: string | null; trackingToken?: string },
): Promise<boolean> {
  if (change.fromStatus === change.toStatus) return false;
  if (!request.email || !(await isEmailEnabled(trx))) return false;
  const rendered = renderStatusUpdate(asLanguage(request.language), {
    id: request.id,
    name: request.name,
    status: change.toStatus,
    notes: change.notes,
    trackingUrl: trackingUrl(deps.config.PUBLIC_URL, request.id, change.trackingToken),
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
  if (!request.email || !(await isEmailEnabled(trx))) return false;
  const rendered = renderTransfer(asLanguage(request.language), {
    id: request.id,
    name: request.name,
    status: request.status,
    companyName: transfer.companyName,
    reason: transfer.reason,
    trackingUrl: trackingUrl(deps.config.PUBLIC_URL, request.id),
  });
  await queueEmail(trx, deps, { ...rendered, kind: 'request_transfer', to: request.email, requestId: request.id });
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
