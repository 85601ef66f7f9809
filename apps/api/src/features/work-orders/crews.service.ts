// Crews (issue 37, decision 0067): named teams of one company. Admins and the company's own
// operators keep them; every change is audited. A crew switched off takes no new work order.
import type { Crew, CrewPatch, CrewValues } from '@acende/shared/schemas/work-orders';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findCrew, insertCrew, listCrews, updateCrew } from './crews.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findCrew>>>;
const toCrew = (row: Row): Crew => ({ ...row, active: row.active === 1 });

/** Whether `admin` may act for `companyId`: admins for all, others for their linked companies. */
export function mayActFor(admin: AuthAdmin, companyId: number): boolean {
  const scope = companyScope(admin);
  return scope === null || scope.includes(companyId);
}

const nameTaken = () =>
  new AppError('admin-work.errors.crewNameTaken', 409, undefined, { name: 'admin-work.errors.crewNameTaken' });

export async function listCompanyCrews(deps: AppDeps, admin: AuthAdmin, companyId?: number): Promise<Crew[]> {
  return (await listCrews(deps.db, companyScope(admin), companyId)).map(toCrew);
}

/** The crew, when `admin` may see it; else a 404 exactly as for a crew that does not exist. */
export async function readCrew(deps: AppDeps, admin: AuthAdmin, id: number): Promise<Crew> {
  const row = await findCrew(deps.db, id);
  if (!row || !mayActFor(admin, row.companyId)) throw notFound('admin-work.errors.crewNotFound');
  return toCrew(row);
}

export async function createCrew(deps: AppDeps, admin: AuthAdmin, input: CrewValues, actor: AuditActor): Promise<Crew> {
  const company = await deps.db
    .selectFrom('energyCompanies')
    .select('id')
    .where('id', '=', input.companyId)
    .executeTakeFirst();
  if (!company || !mayActFor(admin, input.companyId)) {
    throw new AppError('common.validation.company.invalid', 400, undefined, {
      companyId: 'common.validation.company.invalid',
    });
  }
  const now = iso(deps.clock);
  let id: number;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      const newId = await insertCrew(trx, { ...input, createdAt: now, updatedAt: now });
      await recordAudit(trx, actor, { kind: 'crew.create', objectType: 'crew', objectId: newId, after: input }, now);
      return newId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return readCrew(deps, admin, id);
}

export async function changeCrew(
  deps: AppDeps,
  admin: AuthAdmin,
  id: number,
  patch: CrewPatch,
  actor: AuditActor,
): Promise<Crew> {
  const before = await readCrew(deps, admin, id);
  const now = iso(deps.clock);
  const after = { name: patch.name ?? before.name, active: patch.active ?? before.active };
  const change = changedFields({ name: before.name, active: before.active }, after);
  if (change.after === null) return before;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await updateCrew(trx, id, { name: after.name, active: after.active ? 1 : 0, updatedAt: now });
      await recordAudit(trx, actor, { kind: 'crew.update', objectType: 'crew', objectId: id, ...change }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return readCrew(deps, admin, id);
}
