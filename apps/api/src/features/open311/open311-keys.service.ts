// Open311 API keys (issue 25, decision 0038): admins issue one per client system and revoke
// it; both are audited (core/issued-keys.ts): only the key's SHA-256 is stored.
import type { IssuedOpen311Key, Open311Key, Open311KeyValues } from '@acende/shared/schemas/open311';
import type { AppDeps } from '../../app-deps.ts';
import type { AuditActor } from '../../core/audit/audit.repository.ts';
import { type IssuedKeyStore, issueKey, revokeIssuedKey } from '../../core/issued-keys.ts';
import { iso } from '../../lib/clock.ts';
import { hashToken } from '../../lib/tokens.ts';
import { findKey, insertKey, listKeys, revokeKey, useActiveKey } from './open311-keys.repository.ts';

const store: IssuedKeyStore<Open311Key, Open311KeyValues> = {
  mark: 'acende311_',
  objectType: 'open311_key',
  auditKind: 'open311.key',
  notFoundKey: 'admin-open311.errors.open311KeyNotFound',
  insert: insertKey,
  find: findKey,
  revoke: revokeKey,
  audited: (row) => ({ name: row.name }),
};

export function listOpen311Keys(deps: AppDeps): Promise<Open311Key[]> {
  return listKeys(deps.db);
}

export function issueOpen311Key(deps: AppDeps, input: Open311KeyValues, actor: AuditActor): Promise<IssuedOpen311Key> {
  return issueKey(deps, store, input, actor);
}

export function revokeOpen311Key(deps: AppDeps, id: number, actor: AuditActor): Promise<Open311Key> {
  return revokeIssuedKey(deps, store, id, actor);
}

/** The client a key belongs to, when the key is one an admin issued and has not revoked. */
export async function clientOfKey(deps: AppDeps, key: string): Promise<{ id: number } | undefined> {
  return useActiveKey(deps.db, hashToken(key), iso(deps.clock));
}
