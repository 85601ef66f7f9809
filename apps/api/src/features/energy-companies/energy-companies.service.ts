// The administrators' registry of energy companies (decision 0002 §11): create, update,
// and delete only when no request refers to the company (deactivate instead).
import type { AdminEnergyCompany, EnergyCompanyValues } from '@acende/shared/schemas/energy-companies';
import type { AppDeps } from '../../app-deps.ts';
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
  if (!row) throw notFound('errors.companyNotFound');
  return toAdminCompany(row);
}

export async function createEnergyCompany(deps: AppDeps, input: EnergyCompanyValues): Promise<AdminEnergyCompany> {
  const now = iso(deps.clock);
  const id = await insertCompany(deps.db, { ...input, active: input.active ? 1 : 0, createdAt: now, updatedAt: now });
  return readCompany(deps, id);
}

export async function updateEnergyCompany(
  deps: AppDeps,
  id: number,
  input: EnergyCompanyValues,
): Promise<AdminEnergyCompany> {
  const updated = await updateCompany(deps.db, id, {
    ...input,
    active: input.active ? 1 : 0,
    updatedAt: iso(deps.clock),
  });
  if (!updated) throw notFound('errors.companyNotFound');
  return readCompany(deps, id);
}

export async function deleteEnergyCompany(deps: AppDeps, id: number): Promise<void> {
  const outcome = await deleteUnusedCompany(deps.db, id);
  if (outcome === 'missing') throw notFound('errors.companyNotFound');
  if (outcome === 'in-use') throw conflict('errors.companyInUse');
}
