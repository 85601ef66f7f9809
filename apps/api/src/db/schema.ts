// Kysely's view of the tables, in camelCase (CamelCasePlugin maps to snake_case columns).
// Timestamps are ISO-8601 UTC text on both engines; booleans are 0/1 integers.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface EnergyCompaniesTable {
  id: Generated<number>;
  name: string;
  fullName: string;
  colorClass: Generated<string>;
  iconClass: Generated<string>;
  active: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

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

export interface PolesTable {
  id: Generated<number>;
  companyId: number;
  /** Unique within the company (decision 20); upper case, see poleNumberSchema. */
  number: string;
  latitude: number;
  longitude: number;
  street: string | null;
  description: string | null;
  active: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** Active poles per 0.01° cell and company, kept by triggers (migration 0026): the map's clusters. */
export interface PoleCellsTable {
  cellLat: number;
  cellLng: number;
  companyId: number;
  n: number;
  latSum: number;
  lngSum: number;
}

/** SQLite only: the R*Tree of active poles (migration 0026); PostgreSQL has a GiST index instead. */
export interface PolesRtreeTable {
  id: number;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
  companyId: number;
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

export interface AdminsTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  name: string;
  email: string | null;
  role: Generated<string>;
  active: Generated<number>;
  language: Generated<string>;
  resetTokenHash: string | null;
  resetTokenExpiry: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdminCompaniesTable {
  adminId: number;
  companyId: number;
  createdAt: string;
}

export interface SiteSettingsTable {
  id: Generated<number>;
  key: string;
  value: string;
  updatedAt: string;
}

export interface SessionsTable {
  idHash: string;
  adminId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  ip: string | null;
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

/** Sign-in attempts per key within a fixed window (migration 0020); see login-throttle.ts. */
export interface LoginAttemptsTable {
  key: string;
  count: number;
  expiresAt: string;
}

export interface CaptchaUsedTable {
  signature: string;
  expiresAt: string;
}

/** Requests per company × status, in shards (issue 10); kept by triggers, summed when read. */
/** Requests being worked on per company and UTC day of their due time (migration 0039). */
export interface RequestDueCountersTable {
  companyId: number;
  dueDay: string;
  shard: number;
  n: number;
}

export interface RequestCountersTable {
  companyId: number;
  status: string;
  shard: number;
  n: number;
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

/** An account's TOTP second factor (0031); enabledAt null while enrolment awaits its code. */
export interface AdminTwoFactorTable {
  adminId: number;
  secretSealed: string;
  enabledAt: string | null;
  lastStep: number | null;
  createdAt: string;
}

/** One-time recovery codes (0031), SHA-256 hashed; usedAt set once used. */
export interface AdminRecoveryCodesTable {
  adminId: number;
  codeHash: string;
  usedAt: string | null;
}

/** Sign-ins whose password was right, waiting for the second factor (0031); the token is stored hashed. */
export interface PendingSignInsTable {
  idHash: string;
  adminId: number;
  expiresAt: string;
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

export interface Database {
  energyCompanies: EnergyCompaniesTable;
  repairRequests: RepairRequestsTable;
  poles: PolesTable;
  poleCells: PoleCellsTable;
  polesRtree: PolesRtreeTable;
  requestEvents: RequestEventsTable;
  admins: AdminsTable;
  adminCompanies: AdminCompaniesTable;
  siteSettings: SiteSettingsTable;
  sessions: SessionsTable;
  emailOutbox: EmailOutboxTable;
  loginAttempts: LoginAttemptsTable;
  captchaUsed: CaptchaUsedTable;
  requestCounters: RequestCountersTable;
  requestDueCounters: RequestDueCountersTable;
  auditLog: AuditLogTable;
  adminTwoFactor: AdminTwoFactorTable;
  adminRecoveryCodes: AdminRecoveryCodesTable;
  pendingSignIns: PendingSignInsTable;
  replyTemplates: ReplyTemplatesTable;
  repairTargets: RepairTargetsTable;
  companyRepairTargets: CompanyRepairTargetsTable;
  requestFollowers: RequestFollowersTable;
  requestPhotos: RequestPhotosTable;
  open311Keys: Open311KeysTable;
  transparencyCache: TransparencyCacheTable;
}

/** The transparency page's figures per window, shared by every instance (0041, decision 0037). */
export interface TransparencyCacheTable {
  key: string;
  body: string | null;
  computedAt: string | null;
  leaseUntil: string | null;
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

export type EnergyCompany = Selectable<EnergyCompaniesTable>;
export type NewEnergyCompany = Insertable<EnergyCompaniesTable>;
export type Pole = Selectable<PolesTable>;
export type NewPole = Insertable<PolesTable>;
export type RepairRequest = Selectable<RepairRequestsTable>;
export type NewRepairRequest = Insertable<RepairRequestsTable>;
export type RepairRequestUpdate = Updateable<RepairRequestsTable>;
export type Admin = Selectable<AdminsTable>;

/** An Open311 client's API key (0042, decision 0038): only its hash and first characters are kept. */
export interface Open311KeysTable {
  id: Generated<number>;
  name: string;
  keyHash: string;
  keyPrefix: string;
  createdById: number | null;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}
