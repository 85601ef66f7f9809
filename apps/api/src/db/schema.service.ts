// The tables of the service around the requests: settings, the e-mail outbox, spent captchas,
// the audit log, reply templates and the transparency page's cache (db/schema.ts).
import type { Generated } from 'kysely';

export interface SiteSettingsTable {
  id: Generated<number>;
  key: string;
  value: string;
  updatedAt: string;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  messageId: string;
  status: Generated<string>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  claimedUntil: string | null;
  lastError: string | null;
  requestId: number | null;
  adminId: number | null;
  createdAt: string;
  sentAt: string | null;
}

/** A message of a channel beside e-mail (0053): SMS now. */
export interface ChannelOutboxTable {
  id: Generated<number>;
  channel: string;
  kind: string;
  requestId: number | null;
  toAddress: string;
  body: string;
  language: string;
  /** pending, sent, failed (given up) or stopped (the number replied SAIR/STOP first). */
  status: Generated<string>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  claimedUntil: string | null;
  provider: string | null;
  providerMessageId: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** A browser a citizen asked to be told on about one request (0055, decision 0063). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  requestId: number;
  /** The push service's URL for this browser (HTTPS). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
  p256dh: string;
  auth: string;
  language: string;
  createdAt: string;
}

/** How many messages a channel sent a number on a local day (0057): the daily cap's count. */
export interface ChannelDailyCountsTable {
  channel: string;
  address: string;
  /** YYYY-MM-DD in the service's time zone. */
  day: string;
  sent: number;
}

/** A number that asked a channel to stop (0053). */
export interface ChannelStopsTable {
  channel: string;
  address: string;
  stoppedAt: string;
}

export interface CaptchaUsedTable {
  signature: string;
  expiresAt: string;
}

/** The audit log (0030): one row per admin-area change, append-only. */
export interface AuditLogTable {
  id: Generated<number>;
  createdAt: string;
  actorId: number | null;
  actorUsername: string | null;
  ip: string | null;
  kind: string;
  objectType: string | null;
  objectId: string | null;
  /** JSON text of the fields before the change (null for a creation or an event). */
  before: string | null;
  /** JSON text of the fields after the change (null for a deletion or an event). */
  after: string | null;
}

/** A reply template (0035): the note offered for one status, in both languages. */
export interface ReplyTemplatesTable {
  id: Generated<number>;
  name: string;
  status: string;
  textPt: string;
  textEn: string;
  createdAt: string;
  updatedAt: string;
}

/** The transparency page's figures per window, shared by every instance (0041, decision 0037). */
export interface TransparencyCacheTable {
  key: string;
  body: string | null;
  computedAt: string | null;
  leaseUntil: string | null;
}
