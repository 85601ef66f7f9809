// The audit log's writes (issue 24): recordAudit is called with the transaction that makes
// the change, so a change and its audit row are stored together or not at all. The log is
// append-only for the app; the only delete is the retention sweep of rows past their age.
import type { Db, Trx } from '../../db/database.ts';

/** Who acted, from where: the signed-in account, or the name a stranger typed. */
export interface AuditActor {
  id: number | null;
  username: string | null;
  ip: string | null;
}

export interface AuditEntry {
  /** What happened, dotted: `request.update`, `user.create`, `auth.login.failed`, `settings.email.update`… */
  kind: string;
  objectType?: string | null;
  objectId?: string | number | null;
  /** The object's fields before the change; secrets are left out by the caller (see redactSecrets). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const SECRET_FIELD = /password|secret|token|hash|apikey|api_key|recovery/i;

/** Drops every field whose name says it holds a secret, at any depth; the audit log never stores one. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_FIELD.test(key)) continue;
    out[key] = redactSecrets(field);
  }
  return out;
}

function toJson(value: Record<string, unknown> | null | undefined): string | null {
  return value == null ? null : JSON.stringify(redactSecrets(value));
}

/** Writes one audit row with the caller's executor (the change's transaction). */
export async function recordAudit(db: Db | Trx, actor: AuditActor, entry: AuditEntry, now: string): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      createdAt: now,
      actorId: actor.id,
      actorUsername: actor.username,
      ip: actor.ip,
      kind: entry.kind,
      objectType: entry.objectType ?? null,
      objectId: entry.objectId == null ? null : String(entry.objectId),
      before: toJson(entry.before),
      after: toJson(entry.after),
    })
    .execute();
}

/** What the list and the export read: filters already turned into instants. */
export interface AuditCriteria {
  actorId?: number;
  /** Exact, or every kind under it when it ends in a dot. */
  kind?: string;
  objectType?: string;
  objectId?: string;
  createdFrom: string | null;
  createdBefore: string | null;
}

/** Where a page starts: strictly older than this (created_at, id). */
export interface AuditKey {
  createdAt: string;
  id: number;
}

/** One keyset page, newest first; `limit` rows at most. */
export async function listAuditRows(db: Db, criteria: AuditCriteria, after: AuditKey | null, limit: number) {
  let query = db
    .selectFrom('auditLog')
    .select(['id', 'createdAt', 'actorId', 'actorUsername', 'ip', 'kind', 'objectType', 'objectId', 'before', 'after']);
  if (criteria.actorId !== undefined) query = query.where('actorId', '=', criteria.actorId);
  if (criteria.kind !== undefined) {
    const kind = criteria.kind;
    // A prefix as a range ('user.' ≤ kind < 'user/'): no LIKE wildcards to escape, and the kind index serves it.
    query = kind.endsWith('.')
      ? query.where('kind', '>=', kind).where('kind', '<', `${kind.slice(0, -1)}/`)
      : query.where('kind', '=', kind);
  }
  if (criteria.objectType !== undefined) query = query.where('objectType', '=', criteria.objectType);
  if (criteria.objectId !== undefined) query = query.where('objectId', '=', criteria.objectId);
  if (criteria.createdFrom) query = query.where('createdAt', '>=', criteria.createdFrom);
  if (criteria.createdBefore) query = query.where('createdAt', '<', criteria.createdBefore);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('createdAt', '<', after.createdAt),
        eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Every account by username, active or not, for the account filter. */
export function listAuditAccounts(db: Db) {
  return db.selectFrom('admins').select(['id', 'username', 'name']).orderBy('username').execute();
}
