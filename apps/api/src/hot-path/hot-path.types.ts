// The hot path's types (hot-path.ts builds it): what filing answers, and what the app asks of it.
import type { NewChannelMessage } from '../core/channels/channel-outbox.repository.ts';
import type { NewOutboxEmail } from '../core/outbox/outbox.repository.ts';
import type { LimitStore } from '../lib/limit-store.ts';
import type { PublicRequestRow, PublicRequestValues, RequestStatements } from './request-statements.ts';
import type { SettingsWatch } from './settings-watch.ts';
import type { FastPath, TrackingListenerOptions } from './tracking-listener.ts';

/** The request just filed: its number, its company's name and its due time (set by a trigger). */
export type Filed = { id: number; companyName: string; dueAt: string | null };

/** The confirmation e-mail of a new request, once its number is known (undefined: none). */
export type ConfirmationFor = (filed: Filed) => NewOutboxEmail | undefined;

/** The new request's messages on the other channels (its SMS confirmation), once its number is known. */
export type MessagesFor = (filed: Filed) => NewChannelMessage[];

/** How filing ended: the request filed, or why it was not stored. */
export type FileOutcome = Filed | 'company-unavailable' | 'duplicate-key';

/** A company of the public list, as its statement selects it. */
export type ActiveCompany = NonNullable<RequestStatements['activeCompanies']['row']>;

export interface HotPath {
  /** Files a request (and its "created" event and confirmation e-mail, in one transaction). */
  fileRequest(
    values: PublicRequestValues,
    confirmation?: ConfirmationFor,
    messages?: MessagesFor,
  ): Promise<FileOutcome>;
  /** The request filed with an Idempotency-Key, by the key's hash. */
  findByIdempotencyKey(keyHash: string): Promise<(Filed & { idempotencyHash: string | null }) | undefined>;
  /** The tracking read's row. */
  findPublicRequest(id: number): Promise<PublicRequestRow | undefined>;
  listActiveCompanies(): Promise<ActiveCompany[]>;
  /** The tracking read answered before Fastify: on SQLite with the limits in memory, FAST_PATH on. */
  trackingListener(options: Omit<TrackingListenerOptions, 'readNow'>): FastPath | undefined;
  /** The limits' counters for every instance on this database: PostgreSQL's tables, or none (SQLite). */
  sharedLimitStore(): LimitStore | undefined;
  /**
   * The settings a filing reads: kept in memory while every change is heard (PostgreSQL with
   * FAST_PATH on, decision 0071), else read each time. An app retains it while it runs.
   */
  settings: SettingsWatch;
}

export interface FileJob {
  values: PublicRequestValues;
  confirmation?: ConfirmationFor;
  messages?: MessagesFor;
}
