// The administrators' registry of energy companies (decision 0002 §11): create, update,
// and delete only when no request refers to the company (deactivate instead).
import type { AdminEnergyCompany, EnergyCompanyValues } from '@acende/shared/schemas/energy-companies';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { iso } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  deleteUnusedCompany,
  findCompany,
  insertCompany,
  listAllCompanies,
  updateCompany,
} from './energy-companies.repository.ts';

type Row = Awaited<ReturnType<typeof listAllCompanies>>[number];

function toAdminCompany(row: Row): AdminEnergyCompany {
  const requestCount = Number(row.requestCount ?? 0);
  // The same rule as deleteEnergyCompany's, so the screen offers delete only where it succeeds.
  return { ...row, active: row.active === 1, requestCount, deletable: requestCount === 0 };
}

export async function listEnergyCompanies(deps: AppDeps): Promise<AdminEnergyCompany[]> {
  return (await listAllCompanies(deps.db)).map(toAdminCompany);
}

async function readCompany(deps: AppDeps, id: number): Promise<AdminEnergyCompany> {
  const row = await findCompany(deps.db, id);
  if (!row) throw notFound('admin-operations.errors.companyNotFound');
  return toAdminCompany(row);
}

/** What the audit log keeps of a company. */
function audited(row: { name: string; fullName: string; colorClass: string; iconClass: string; active: number }) {
  return {
    name: row.name,
    fullName: row.fullName,
    colorClass: row.colorClass,
    iconClass: row.iconClass,
    active: row.active === 1,
  };
}

export async function createEnergyCompany(
  deps: AppDeps,
  input: EnergyCompanyValues,
  actor: AuditActor,
): Promise<AdminEnergyCompany> {
  const now = iso(deps.clock);
  const values = { ...input, active: input.active ? 1 : 0 };
  const id = await deps.db.transaction().execute(async (trx) => {
    const newId = await insertCompany(trx, { ...values, createdAt: now, updatedAt: now });
    await recordAudit(
      trx,
      actor,
      { kind: 'company.create', objectType: 'company', objectId: newId, after: audited(values) },
      now,
    );
    return newId;
  });
  return readCompany(deps, id);
}

export async function updateEnergyCompany(
  deps: AppDeps,
  id: number,
  input: EnergyCompanyValues,
  actor: AuditActor,
): Promise<AdminEnergyCompany> {
  const now = iso(deps.clock);
  const values = { ...input, active: input.active ? 1 : 0 };
  await deps.db.transaction().execute(async (trx) => {
    const existing = await findCompany(trx, id);
    if (!existing || !(await updateCompany(trx, id, { ...values, updatedAt: now }))) {
      throw notFound('admin-operations.errors.companyNotFound');
    }
    const change = changedFields(audited(existing), audited(values));
    await recordAudit(
      trx,
      actor,
      { kind: 'company.update', objectType: 'company', objectId: id, before: change.before, after: change.after },
      now,
    );
  });
  return readCompany(deps, id);
}

export async function deleteEnergyCompany(deps: AppDeps, id: number, actor: AuditActor): Promise<void> {
  const now = iso(deps.clock);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const existing = await findCompany(trx, id);
    const result = await deleteUnusedCompany(trx, id);
    if (result === 'deleted' && existing) {
      await recordAudit(
        trx,
        actor,
        { kind: 'company.delete', objectType: 'company', objectId: id, before: audited(existing) },
        now,
      );
    }
    return result;
  });
  if (outcome === 'missing') throw notFound('admin-operations.errors.companyNotFound');
  if (outcome === 'in-use') throw conflict('admin-operations.errors.companyInUse');
}
