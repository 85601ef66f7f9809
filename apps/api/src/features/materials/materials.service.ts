// Each company's materials list (decision 0068): what a crew reports having used at a stop.
// Admins and the company's own operators keep it; viewers read; every change is audited
// (`material.create`, `material.update`). A company outside the caller's scope is a 404.
// A material is switched off rather than deleted: stops that used it keep naming it.
import type { Material, MaterialInput, MaterialPatch } from '@acende/shared/schemas/crew';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { companyExists, findMaterial, insertMaterial, listMaterials, updateMaterial } from './materials.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findMaterial>>>;
const toMaterial = (row: Row): Material => ({ ...row, active: row.active === 1 });

function mayActFor(admin: AuthAdmin, companyId: number): boolean {
  const scope = companyScope(admin);
  return scope === null || scope.includes(companyId);
}

const nameTaken = () =>
  new AppError('field-work.materials.nameTaken', 409, undefined, { name: 'field-work.materials.nameTaken' });

/** The company, when it exists and `admin` may see it; else the same 404 for both. */
async function assertCompanyInScope(deps: AppDeps, admin: AuthAdmin, companyId: number): Promise<void> {
  if (!mayActFor(admin, companyId) || !(await companyExists(deps.db, companyId))) {
    throw notFound('field-work.materials.companyNotFound');
  }
}

export async function listCompanyMaterials(deps: AppDeps, admin: AuthAdmin, companyId?: number): Promise<Material[]> {
  if (companyId !== undefined) await assertCompanyInScope(deps, admin, companyId);
  return (await listMaterials(deps.db, companyScope(admin), companyId)).map(toMaterial);
}

/** The material, when `admin` may see its company; else a 404 exactly as for one that does not exist. */
export async function readMaterial(deps: AppDeps, admin: AuthAdmin, id: number): Promise<Material> {
  const row = await findMaterial(deps.db, id);
  if (!row || !mayActFor(admin, row.companyId)) throw notFound('field-work.materials.notFound');
  return toMaterial(row);
}

export async function createMaterial(
  deps: AppDeps,
  admin: AuthAdmin,
  input: MaterialInput,
  actor: AuditActor,
): Promise<Material> {
  await assertCompanyInScope(deps, admin, input.companyId);
  const now = iso(deps.clock);
  let id: number;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      const newId = await insertMaterial(trx, { ...input, createdAt: now, updatedAt: now });
      const after = { companyId: input.companyId, name: input.name, unit: input.unit };
      await recordAudit(trx, actor, { kind: 'material.create', objectType: 'material', objectId: newId, after }, now);
      return newId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return readMaterial(deps, admin, id);
}

export async function changeMaterial(
  deps: AppDeps,
  admin: AuthAdmin,
  id: number,
  patch: MaterialPatch,
  actor: AuditActor,
): Promise<Material> {
  const before = await readMaterial(deps, admin, id);
  const now = iso(deps.clock);
  const kept = { name: before.name, unit: before.unit, active: before.active };
  const after = { name: patch.name ?? kept.name, unit: patch.unit ?? kept.unit, active: patch.active ?? kept.active };
  const change = changedFields(kept, after);
  if (change.after === null) return before;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await updateMaterial(trx, id, { ...after, active: after.active ? 1 : 0, updatedAt: now });
      await recordAudit(trx, actor, { kind: 'material.update', objectType: 'material', objectId: id, ...change }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return readMaterial(deps, admin, id);
}
