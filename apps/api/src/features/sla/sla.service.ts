// The rules of repair deadlines (issue 23, decision 0029): the targets admins set (a default
// per problem type, a company's own in place of it), the due time a request carries and how
// it moves: forward by the time spent cancelled, restarted when the request is reopened.
import { PROBLEM_TYPES } from '@acende/shared/enums';
import type { RepairTargets } from '@acende/shared/schemas/repair-targets';
import type { AppDeps } from '../../app-deps.ts';
import type { Db, Trx } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { changedFields } from '../audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../audit/audit.repository.ts';
import {
  countOverdueByCompany,
  findHoursInForce,
  listCompanyIds,
  listCompanyTargets,
  listDefaultTargets,
  replaceTargets,
  setDueAt,
} from './sla.repository.ts';

const HOUR_MS = 3_600_000;

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
      throw new AppError('validation.repairTargets.company', 400, undefined, {
        [`overrides.${unknown}.companyId`]: 'validation.repairTargets.company',
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

/**
 * Restarts a request's clock at `now` with the target in force for its company and problem
 * type: what a reopened request gets (decision 0029). Answers the new due time, or null when
 * there is no such request. Runs in the caller's transaction.
 */
export async function restartDeadline(trx: Trx, requestId: number, now: string): Promise<string | null> {
  const hours = await findHoursInForce(trx, requestId);
  if (hours === null) return null;
  const dueAt = new Date(Date.parse(now) + hours * HOUR_MS).toISOString();
  return (await setDueAt(trx, requestId, dueAt)) ? dueAt : null;
}

/**
 * The due time of a request that leaves cancelled at `now`, having been cancelled since
 * `pausedAt`: moved forward by the time spent cancelled, so the clock was paused meanwhile.
 */
export function dueAtAfterPause(dueAt: string | null, pausedAt: string | null, now: string): string | null {
  if (dueAt === null || pausedAt === null) return dueAt;
  const paused = Math.max(0, Date.parse(now) - Date.parse(pausedAt));
  return new Date(Date.parse(dueAt) + paused).toISOString();
}

/** Overdue requests per company id, within the reader's scope. */
export async function getOverdueByCompany(deps: AppDeps, scope: number[] | null): Promise<Map<number, number>> {
  const rows = await countOverdueByCompany(deps.db, scope, iso(deps.clock));
  return new Map(rows.map((row) => [row.companyId, Number(row.count)]));
}
