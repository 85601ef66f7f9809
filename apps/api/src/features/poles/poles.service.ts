// The pole registry's rules (issue 21): who sees which poles (an account linked to companies
// sees theirs only), a number unique within its company (decision 20, judged by the unique
// index so two concurrent creates cannot both win), and a capped count for the list.
import type { AdminPole, PoleValues } from '@acende/shared/schemas/poles';
import { normalisePoleNumber, POLE_NUMBER_MAX } from '@acende/shared/schemas/poles';
import {
  type AdminPoleList,
  type AdminPoleListQuery,
  POLE_LIST_COUNT_CAP,
} from '@acende/shared/schemas/poles-registry';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import {
  companyExists,
  countPoles,
  findPole,
  insertPole,
  listPoles,
  type PoleFilters,
  type Scope,
  updatePole,
} from './poles.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findPole>>>;

function toAdminPole(row: Row): AdminPole {
  return { ...row, active: row.active === 1 };
}

/** Text that could begin a pole number once normalised (the characters a number may hold). */
const NUMBER_PREFIX = /^[A-Z0-9][A-Z0-9._-]*$/;
/** Shorter text is not looked for in streets: it matches nearly everything, and a trigram index needs three. */
const MIN_STREET_SEARCH = 3;

/** What a typed search looks for: a number's beginning, a part of the street, or both. */
export function searchFilters(q: string | undefined): Pick<PoleFilters, 'numberPrefix' | 'street'> | undefined {
  if (!q) return {};
  const prefix = normalisePoleNumber(q);
  const numberPrefix = prefix.length <= POLE_NUMBER_MAX && NUMBER_PREFIX.test(prefix) ? prefix : undefined;
  const street = [...q].length >= MIN_STREET_SEARCH ? q : undefined;
  // Neither: the search can match nothing (a one-letter symbol, say); answered without a query.
  if (!numberPrefix && !street) return undefined;
  return { numberPrefix, street };
}

export async function listAdminPoles(
  deps: AppDeps,
  admin: AuthAdmin,
  query: AdminPoleListQuery,
): Promise<AdminPoleList> {
  const { page, pageSize } = query;
  const search = searchFilters(query.q);
  if (search === undefined) return { items: [], total: 0, totalIsCapped: false, page, pageSize };
  const scope = companyScope(admin);
  const filters: PoleFilters = { ...search, companyId: query.companyId, active: query.active };
  const [rows, total] = await Promise.all([
    listPoles(deps.db, scope, filters, { offset: (page - 1) * pageSize, limit: pageSize }),
    countPoles(deps.db, scope, filters, POLE_LIST_COUNT_CAP + 1),
  ]);
  const totalIsCapped = total > POLE_LIST_COUNT_CAP;
  return {
    items: rows.map(toAdminPole),
    total: totalIsCapped ? POLE_LIST_COUNT_CAP : total,
    totalIsCapped,
    page,
    pageSize,
  };
}

export async function getAdminPole(deps: AppDeps, admin: AuthAdmin, id: number): Promise<AdminPole> {
  return readPole(deps, companyScope(admin), id);
}

async function readPole(deps: AppDeps, scope: Scope, id: number): Promise<AdminPole> {
  const row = await findPole(deps.db, scope, id);
  if (!row) throw notFound('admin-poles.poles.registry.errors.notFound');
  return toAdminPole(row);
}

/** The company a pole goes to must exist and, for a linked account, be one of its own. */
async function checkCompany(deps: AppDeps, scope: Scope, companyId: number): Promise<void> {
  if (scope !== null && !scope.includes(companyId)) throw forbidden('admin-poles.poles.registry.errors.otherCompany');
  if (!(await companyExists(deps.db, companyId))) {
    throw badRequest('admin-poles.poles.registry.errors.companyUnknown', {
      companyId: 'admin-poles.poles.registry.errors.companyUnknown',
    });
  }
}

function duplicate(number: string): AppError {
  return new AppError(
    'admin-poles.poles.registry.errors.duplicateNumber',
    409,
    { number },
    {
      number: 'admin-poles.poles.registry.errors.numberTaken',
    },
  );
}

/** What the audit log keeps of a pole. */
function audited(pole: PoleValues | AdminPole) {
  return {
    companyId: pole.companyId,
    number: pole.number,
    latitude: pole.latitude,
    longitude: pole.longitude,
    street: pole.street,
    description: pole.description,
    active: pole.active,
  };
}

export async function createPole(
  deps: AppDeps,
  admin: AuthAdmin,
  input: PoleValues,
  actor: AuditActor,
): Promise<AdminPole> {
  const scope = companyScope(admin);
  await checkCompany(deps, scope, input.companyId);
  const now = iso(deps.clock);
  let id: number;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      const newId = await insertPole(trx, { ...input, active: input.active ? 1 : 0, createdAt: now, updatedAt: now });
      await recordAudit(
        trx,
        actor,
        { kind: 'pole.create', objectType: 'pole', objectId: newId, after: audited(input) },
        now,
      );
      return newId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.number);
    throw error;
  }
  return readPole(deps, scope, id);
}

export async function updateAdminPole(
  deps: AppDeps,
  admin: AuthAdmin,
  id: number,
  input: PoleValues,
  actor: AuditActor,
): Promise<AdminPole> {
  const scope = companyScope(admin);
  // Another company's pole is not found, whatever the body says.
  const existing = await readPole(deps, scope, id);
  await checkCompany(deps, scope, input.companyId);
  const now = iso(deps.clock);
  let updated: boolean;
  try {
    updated = await deps.db.transaction().execute(async (trx) => {
      const written = await updatePole(trx, id, { ...input, active: input.active ? 1 : 0, updatedAt: now });
      if (written) {
        const change = changedFields(audited(existing), audited(input));
        await recordAudit(
          trx,
          actor,
          { kind: 'pole.update', objectType: 'pole', objectId: id, before: change.before, after: change.after },
          now,
        );
      }
      return written;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.number);
    throw error;
  }
  if (!updated) throw notFound('admin-poles.poles.registry.errors.notFound');
  return readPole(deps, scope, id);
}
