// The signed webhooks' tables (migration 0058, decision 0065).
import type { Generated } from 'kysely';

/** A company's endpoint: its address, the events it takes and its signing secret (sealed). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  companyId: number;
  url: string;
  description: string | null;
  /** A JSON array of event types. */
  events: string;
  active: Generated<number>;
  secretSealed: string;
  secretPrefix: string;
  previousSecretSealed: string | null;
  previousSecretUntil: string | null;
  createdById: number | null;
  createdAt: string;
  updatedAt: string;
}

/** One event's delivery to one endpoint; `payload` is the body's `data`, frozen when queued. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpointId: number;
  messageId: string;
  eventType: string;
  requestId: number;
  payload: string;
  eventAt: string;
  /** pending, delivered or dead. */
  state: Generated<string>;
  attempts: Generated<number>;
  nextAttemptAt: string | null;
  claimedUntil: string | null;
  retryFrom: string;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}
