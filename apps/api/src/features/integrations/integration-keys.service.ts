// Integration keys (issue 38, decision 0066): an admin issues one per company system and
// revokes it; both audited (core/issued-keys.ts): only the key's SHA-256 is stored.
import type { IntegrationKey, IntegrationKeyValues, IssuedIntegrationKey } from '@acende/shared/schemas/integrations';
import type { AppDeps } from '../../app-deps.ts';
import type { AuditActor } from '../../core/audit/audit.repository.ts';
import { type IssuedKeyStore, issueKey, revokeIssuedKey } from '../../core/issued-keys.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { companyExists, findKey, insertKey, listKeys, revokeKey, useActiveKey } from './integration-keys.repository.ts';

/** Keys start with this, so one pasted in the wrong place is recognisable (and told from Open311's). */
export const INTEGRATION_KEY_MARK = 'acende_int_';
const store: IssuedKeyStore<IntegrationKey, IntegrationKeyValues> = {
  mark: INTEGRATION_KEY_MARK,
  objectType: 'integration_key',
  auditKind: 'integration.key',
  notFoundKey: 'admin-integrations.keys.notFound',
  check: async (trx, input) => {
    if (!(await companyExists(trx, input.companyId))) {
      throw new AppError('common.validation.company.invalid', 400, undefined, {
        companyId: 'common.validation.company.invalid',
      });
    }
  },
  insert: insertKey,
  find: findKey,
  revoke: revokeKey,
  audited: (row) => ({ companyId: row.companyId, name: row.name }),
};

export function listIntegrationKeys(deps: AppDeps): Promise<IntegrationKey[]> {
  return listKeys(deps.db);
}

export function issueIntegrationKey(
  deps: AppDeps,
  input: IntegrationKeyValues,
  actor: AuditActor,
): Promise<IssuedIntegrationKey> {
  return issueKey(deps, store, input, actor);
}

export function revokeIntegrationKey(deps: AppDeps, id: number, actor: AuditActor): Promise<IntegrationKey> {
  return revokeIssuedKey(deps, store, id, actor);
}

/** The company system a bearer key stands for, when an admin issued it and has not revoked it; else a 401. */
export async function systemOfKey(deps: AppDeps, key: string | undefined) {
  if (!key) throw new AppError('admin-integrations.keys.missing', 401);
  const system = key.length <= 200 ? await useActiveKey(deps.db, hashToken(key), iso(deps.clock)) : undefined;
  if (!system) throw new AppError('admin-integrations.keys.invalid', 401);
  return system;
}
export type IntegrationSystem = Awaited<ReturnType<typeof systemOfKey>>;
