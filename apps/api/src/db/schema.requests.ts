// The tables of repair requests and what hangs off them: history, followers, photos, the
// counters triggers keep, and the repair targets their due time comes from (db/schema.ts).
import type { ColumnType, Generated } from 'kysely';

export interface RepairRequestsTable {
  id: Generated<number>;
  name: string | null;
  email: string | null;
  phone: string;
  address: string;
  reference: string | null;
  problemType: string;
  latitude: string;
  longitude: string;
  companyId: number;
  status: Generated<string>;
  notes: string | null;
  assignedTo: string | null;
  assignedToId: number | null;
  language: Generated<string>;
  trackingTokenHash: string;
  district: string | null;
  city: string | null;
  /**
   * When the area (district, city) may next be looked up (0023); null when there is nothing
   * to look up: the area is known, the geocoder named nothing, or the tries ran out.
   */
  areaRetryAt: string | null;
  /** Lookups of the area the retry worker has claimed (0023). */
  areaAttempts: Generated<number>;
  /** The number of the pole the request is about, as it was when filed. */
  poleNumber: string | null;
  /** The registry's pole the request is about (0026). */
  poleId: number | null;
  /** Hex SHA-256 of the Idempotency-Key (0019): the raw key, which the token derives from, is not kept. */
  idempotencyKeyHash: string | null;
  idempotencyHash: string | null;
  /** When the request reached completed or cancelled (0032); null while open or in progress. */
  closedAt: string | null;
  /** When its contact data was anonymised (0032): by the retention sweep or on demand. */
  anonymizedAt: string | null;
  /**
   * When the repair is due (0033): set on filing from the target in force, moved forward by
   * the time spent cancelled, restarted on reopening (decision 0029).
   */
  dueAt: Generated<string | null>;
  /** The number (E.164) its filer asked SMS notices at (0053); null: not asked, or anonymised. */
  smsTo: Generated<string | null>;
  /** The number (E.164) its filer asked WhatsApp notices at (0054); null: not asked, or anonymised. */
  whatsappTo: Generated<string | null>;
  /**
   * The photo or file an Open311 client named on POST (0056, decision 0064): an http(s) URL,
   * normalised, never fetched by the server; null for the wizard's filings and once anonymised.
   */
  mediaUrl: Generated<string | null>;
  /** When the filer unsubscribed from this request's status e-mails (0037). */
  statusEmailsOffAt: Generated<string | null>;
  /** The request this one duplicates (0037); it is then cancelled (decision 0034). */
  duplicateOfId: Generated<number | null>;
  /** When the citizen last reopened it from the tracking page (0038); a marker while not closed again. */
  reopenedAt: string | null;
  /** How many times the citizen reopened it (0038). */
  reopenCount: Generated<number>;
  /** Photos taken against the limit of three (0036); never lowered, so a deleted photo frees no place. */
  photoCount: Generated<number>;
  /**
   * Milliseconds from filing to completion while completed, else null: a column the engine
   * generates from status, created_at and closed_at (0040, decision 0036); never written.
   */
  repairMs: ColumnType<number | string | null, never, never>;
  createdAt: string;
  updatedAt: string;
}

export interface RequestEventsTable {
  id: Generated<number>;
  requestId: number;
  actorId: number | null;
  actorName: string | null;
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  assignedToId: number | null;
  assignedTo: string | null;
  notes: string | null;
  createdAt: string;
  /** A transfer's companies, by name as they were then (migration 0034); null on other events. */
  fromCompanyName: string | null;
  toCompanyName: string | null;
}

/** Citizens following a request's status e-mails (0037); their e-mail never leaves the server. */
export interface RequestFollowersTable {
  id: Generated<number>;
  requestId: number;
  email: string;
  language: Generated<string>;
  unsubscribeTokenHash: string;
  /** The duplicate whose filer this follower is; undoing the duplicate removes them. */
  viaRequestId: number | null;
  createdAt: string;
}

/** A citizen's photo, re-encoded by the server (0036, decision 0033). */
export interface RequestPhotosTable {
  id: Generated<number>;
  requestId: number;
  /** 1 to 3, unique per request. */
  position: number;
  width: number;
  height: number;
  byteSize: number;
  storage: 'db' | 'dir';
  /** The files' name under PHOTO_DIR when storage is 'dir'. */
  storageKey: string | null;
  data: Buffer | null;
  thumb: Buffer | null;
  /** Shown on the public tracking page once an operator says so (decision 19). */
  isPublic: Generated<number>;
  createdAt: string;
}

/** A citizen's rating of a completed repair (0050, decision 0050): one per request. */
export interface RequestRatingsTable {
  requestId: number;
  /** 1 to 5. */
  score: number;
  /** Seen by operators only; never in a public answer or file. Cleared when the request is anonymised. */
  comment: string | null;
  createdAt: string;
}

/** Requests being worked on per company and UTC day of their due time (migration 0039). */
export interface RequestDueCountersTable {
  companyId: number;
  dueDay: string;
  shard: number;
  n: number;
}

/** Requests per company × status, in shards (issue 10); kept by triggers, summed when read. */
export interface RequestCountersTable {
  companyId: number;
  status: string;
  shard: number;
  n: number;
}

/** The repair target per problem type (0033, decision 0029). */
export interface RepairTargetsTable {
  problemType: string;
  hours: number;
  updatedAt: string;
}

/** A company's own target for a problem type, in place of the default (0033). */
export interface CompanyRepairTargetsTable {
  companyId: number;
  problemType: string;
  hours: number;
  updatedAt: string;
}
