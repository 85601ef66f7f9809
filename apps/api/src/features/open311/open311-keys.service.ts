// Open311 API keys (issue 25, decision 0038): admins issue one per client system and revoke
// it; both are audited. Only the key's SHA-256 is stored: the key is shown once, on issue.
import type { IssuedOpen311Key, Open311Key, Open311KeyValues } from '@acende/shared/schemas/open311';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { iso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findKey, insertKey, listKeys, revokeKey, useActiveKey } from './open311-keys.repository.ts';

/** Keys start with this, so one pasted in the wrong place is recognisable. */
const KEY_MARK = 'acende311_';
/** How much of a key the list shows: the mark and four characters of the random part. */
const PREFIX_LENGTH = KEY_MARK.length + 4;

export function listOpen311Keys(deps: AppDeps): Promise<Open311Key[]> {
  return listKeys(deps.db);
}

export async function issueOpen311Key(
  deps: AppDeps,
  input: Open311KeyValues,
  actor: AuditActor,
): Promise<IssuedOpen311Key> {
  const now = iso(deps.clock);
  const key = `${KEY_MARK}${newToken()}`;
  const keyPrefix = key.slice(0, PREFIX_LENGTH);
  const id = await deps.db.transaction().execute(async (trx) => {
    const newId = await insertKey(trx, {
      name: input.name,
      keyHash: hashToken(key),
      keyPrefix,
      createdById: actor.id,
      createdAt: now,
    });
    await recordAudit(
      trx,
      actor,
      { kind: 'open311.key.issue', objectType: 'open311_key', objectId: newId, after: { name: input.name, keyPrefix } },
      now,
    );
    return newId;
  });
  const stored = await findKey(deps.db, id);
  if (!stored) throw notFound('admin-open311.errors.open311KeyNotFound');
  return { ...stored, key };
}

export async function revokeOpen311Key(deps: AppDeps, id: number, actor: AuditActor): Promise<Open311Key> {
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const existing = await findKey(trx, id);
    // Revoking twice is a no-op without a second audit row; an unknown key is a 404.
    if (!existing) throw notFound('admin-open311.errors.open311KeyNotFound');
    if (!(await revokeKey(trx, id, now))) return;
    await recordAudit(
      trx,
      actor,
      {
        kind: 'open311.key.revoke',
        objectType: 'open311_key',
        objectId: id,
        before: { name: existing.name, keyPrefix: existing.keyPrefix, revokedAt: null },
        after: { revokedAt: now },
      },
      now,
    );
  });
  const stored = await findKey(deps.db, id);
  if (!stored) throw notFound('admin-open311.errors.open311KeyNotFound');
  return stored;
}

/** The client a key belongs to, when the key is one an admin issued and has not revoked. */
export async function clientOfKey(deps: AppDeps, key: string): Promise<{ id: number } | undefined> {
  return useActiveKey(deps.db, hashToken(key), iso(deps.clock));
}
