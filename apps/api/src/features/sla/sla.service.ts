// The repair targets admins set (issue 23, decision 0029): a default per problem type, a
// company's own in place of it. How a request's due time moves is core/deadlines.ts.
import { PROBLEM_TYPES } from '@acende/shared/enums';
import type { RepairTargets } from '@acende/shared/schemas/repair-targets';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { listCompanyIds, listCompanyTargets, listDefaultTargets, replaceTargets } from './sla.repository.ts';

async function readTargets(db: Db | Trx): Promise<RepairTargets> {
  const defaults = Object.fromEntries((await listDefaultTargets(db)).map((t) => [t.problemType, Number(t.hours)]));
  return {
    defaults: Object.fromEntries(PROBLEM_TYPES.map((type) => [type, defaults[type] ?? 0])) as RepairTargets['defaults'],
    overrides: (await listCompanyTargets(db)).map((t) => ({
      companyId: t.companyId,
      problemType: t.problemType as RepairTargets['overrides'][number]['problemType'],
      hours: Number(t.hours),
    })),
  };
}

export async function getRepairTargets(deps: AppDeps): Promise<RepairTargets> {
  return readTargets(deps.db);
}

/**
 * Replaces the targets at once (all or nothing, one audit row). They apply to requests filed
 * from now on: the due times already given stay as they were promised.
 */
export async function saveRepairTargets(
  deps: AppDeps,
  actor: AuditActor,
  input: RepairTargets,
): Promise<RepairTargets> {
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const asked = [...new Set(input.overrides.map((o) => o.companyId))];
    const known = new Set(await listCompanyIds(trx, asked));
    const unknown = input.overrides.findIndex((o) => !known.has(o.companyId));
    if (unknown >= 0) {
      throw new AppError('admin-settings.validation.repairTargets.company', 400, undefined, {
        [`overrides.${unknown}.companyId`]: 'admin-settings.validation.repairTargets.company',
      });
    }
    const before = await readTargets(trx);
    await replaceTargets(
      trx,
      PROBLEM_TYPES.map((problemType) => ({ problemType, hours: input.defaults[problemType] })),
      input.overrides,
      now,
    );
    const change = changedFields(
      { defaults: before.defaults, overrides: before.overrides },
      { defaults: input.defaults, overrides: input.overrides },
    );
    await recordAudit(
      trx,
      actor,
      { kind: 'settings.repair_targets.update', objectType: 'settings', objectId: 'repair_targets', ...change },
      now,
    );
  });
  return readTargets(deps.db);
}
