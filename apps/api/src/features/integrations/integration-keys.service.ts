// Integration keys (issue 38, decision 0066): an admin issues one per company system and
// revokes it; both audited. Only the key's SHA-256 is stored: the key is shown once, on issue.
import type { IntegrationKey, IntegrationKeyValues, IssuedIntegrationKey } from '@acende/shared/schemas/integrations';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { companyExists, findKey, insertKey, listKeys, revokeKey, useActiveKey } from './integration-keys.repository.ts';

/** Keys start with this, so one pasted in the wrong place is recognisable (and told from Open311's). */
export const INTEGRATION_KEY_MARK = 'acende_int_';
/** How much of a key the list shows: the mark and four characters of the random part. */
const PREFIX_LENGTH = INTEGRATION_KEY_MARK.length + 4;

export function listIntegrationKeys(deps: AppDeps): Promise<IntegrationKey[]> {
  return listKeys(deps.db);
}

export async function issueIntegrationKey(
  deps: AppDeps,
  input: IntegrationKeyValues,
  actor: AuditActor,
): Promise<IssuedIntegrationKey> {
  const now = iso(deps.clock);
  const key = `${INTEGRATION_KEY_MARK}${newToken()}`;
  const keyPrefix = key.slice(0, PREFIX_LENGTH);
  const id = await deps.db.transaction().execute(async (trx) => {
    if (!(await companyExists(trx, input.companyId))) {
      throw new AppError('common.validation.company.invalid', 400, undefined, {
        companyId: 'common.validation.company.invalid',
      });
    }
    const newId = await insertKey(trx, {
      companyId: input.companyId,
      name: input.name,
      keyHash: hashToken(key),
      keyPrefix,
      createdById: actor.id,
      createdAt: now,
    });
    await recordAudit(
      trx,
      actor,
      {
        kind: 'integration.key.issue',
        objectType: 'integration_key',
        objectId: newId,
        after: { companyId: input.companyId, name: input.name, keyPrefix },
      },
      now,
    );
    return newId;
  });
  const stored = await findKey(deps.db, id);
  if (!stored) throw notFound('admin-integrations.keys.notFound');
  return { ...stored, key };
}

export async function revokeIntegrationKey(deps: AppDeps, id: number, actor: AuditActor): Promise<IntegrationKey> {
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const existing = await findKey(trx, id);
    // Revoking twice is a no-op without a second audit row; an unknown key is a 404.
    if (!existing) throw notFound('admin-integrations.keys.notFound');
    if (!(await revokeKey(trx, id, now))) return;
    await recordAudit(
      trx,
      actor,
      {
        kind: 'integration.key.revoke',
        objectType: 'integration_key',
        objectId: id,
        before: { companyId: existing.companyId, name: existing.name, keyPrefix: existing.keyPrefix, revokedAt: null },
        after: { revokedAt: now },
      },
      now,
    );
  });
  const stored = await findKey(deps.db, id);
  if (!stored) throw notFound('admin-integrations.keys.notFound');
  return stored;
}

/** The company system a bearer key stands for, when an admin issued it and has not revoked it; else a 401. */
export async function systemOfKey(deps: AppDeps, key: string | undefined) {
  if (!key) throw new AppError('admin-integrations.keys.missing', 401);
  const system = key.length <= 200 ? await useActiveKey(deps.db, hashToken(key), iso(deps.clock)) : undefined;
  if (!system) throw new AppError('admin-integrations.keys.invalid', 401);
  return system;
}
export type IntegrationSystem = Awaited<ReturnType<typeof systemOfKey>>;
