// Keys an admin issues to another system and revokes (Open311 clients, decision 0038; a
// company's integrations, decision 0066): the key is made here, shown once, and only its
// SHA-256 and a short prefix are kept; issuing and revoking are audited in the same
// transaction. Each feature gives its own table's statements and its audit's names.
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { AppDeps } from '../app-deps.ts';
import type { Trx } from '../db/database.ts';
import { iso } from '../lib/clock.ts';
import { notFound } from '../lib/errors.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { type AuditActor, recordAudit } from './audit/audit.repository.ts';

export interface IssuedKeyRow {
  id: number;
  name: string;
  keyPrefix: string;
}

export interface IssuedKeyStore<Row extends IssuedKeyRow, Fields> {
  /** What every key starts with, so one pasted in the wrong place is recognisable. */
  mark: string;
  /** The audit's object type and the prefix of its kinds (`<kind>.issue`, `<kind>.revoke`). */
  objectType: string;
  auditKind: string;
  notFoundKey: MessageKey;
  /** Checks `fields` inside the transaction (an AppError refuses); optional. */
  check?: (trx: Trx, fields: Fields) => Promise<void>;
  insert: (
    trx: Trx,
    values: Fields & { keyHash: string; keyPrefix: string; createdById: number | null; createdAt: string },
  ) => Promise<number>;
  find: (db: AppDeps['db'] | Trx, id: number) => Promise<Row | undefined>;
  revoke: (trx: Trx, id: number, now: string) => Promise<boolean>;
  /** The row's fields the audit keeps besides the prefix (never the key or its hash). */
  audited: (row: Fields | Row) => Record<string, unknown>;
}

/** How much of a key the lists show: the mark and four characters of the random part. */
const SHOWN_RANDOM = 4;

export async function issueKey<Row extends IssuedKeyRow, Fields>(
  deps: AppDeps,
  store: IssuedKeyStore<Row, Fields>,
  fields: Fields,
  actor: AuditActor,
): Promise<Row & { key: string }> {
  const now = iso(deps.clock);
  const key = `${store.mark}${newToken()}`;
  const keyPrefix = key.slice(0, store.mark.length + SHOWN_RANDOM);
  const id = await deps.db.transaction().execute(async (trx) => {
    await store.check?.(trx, fields);
    const newId = await store.insert(trx, {
      ...fields,
      keyHash: hashToken(key),
      keyPrefix,
      createdById: actor.id,
      createdAt: now,
    });
    await recordAudit(
      trx,
      actor,
      {
        kind: `${store.auditKind}.issue`,
        objectType: store.objectType,
        objectId: newId,
        after: { ...store.audited(fields), keyPrefix },
      },
      now,
    );
    return newId;
  });
  const stored = await store.find(deps.db, id);
  if (!stored) throw notFound(store.notFoundKey);
  return { ...stored, key };
}

/** Revokes a key; revoking twice is a no-op without a second audit row; an unknown key is a 404. */
export async function revokeIssuedKey<Row extends IssuedKeyRow, Fields>(
  deps: AppDeps,
  store: IssuedKeyStore<Row, Fields>,
  id: number,
  actor: AuditActor,
): Promise<Row> {
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const existing = await store.find(trx, id);
    if (!existing) throw notFound(store.notFoundKey);
    if (!(await store.revoke(trx, id, now))) return;
    await recordAudit(
      trx,
      actor,
      {
        kind: `${store.auditKind}.revoke`,
        objectType: store.objectType,
        objectId: id,
        before: { ...store.audited(existing), keyPrefix: existing.keyPrefix, revokedAt: null },
        after: { revokedAt: now },
      },
      now,
    );
  });
  const stored = await store.find(deps.db, id);
  if (!stored) throw notFound(store.notFoundKey);
  return stored;
}
