// The rule of a 'crew' account's crew (decision 0068): the crew exists, is in a company the
// caller may see and, when newly given to the account, is on; the account's company link is
// then exactly its crew's company, so every company scope holds as for that company's operator.
import type { AuthAdmin } from '../../core/company-scope.ts';
import { companyScope } from '../../core/company-scope.ts';
import type { Trx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { findCrewOfAccount } from './users.repository.ts';

interface CrewChoice {
  role: string;
  crewId?: number | null;
  companies: number[];
}

/**
 * The company links of a crew account (its crew's company), or null for another role.
 * `keptCrewId` is the crew the account has now: a crew switched off may stay, not be given.
 */
export async function crewAccountCompanies(
  trx: Trx,
  caller: Pick<AuthAdmin, 'role' | 'companyIds'>,
  input: CrewChoice,
  keptCrewId: number | null,
): Promise<number[] | null> {
  if (input.role !== 'crew') return null;
  const crew = input.crewId == null ? undefined : await findCrewOfAccount(trx, input.crewId);
  const scope = companyScope(caller);
  const visible = crew !== undefined && (scope === null || scope.includes(crew.companyId));
  const newlyGiven = input.crewId !== keptCrewId;
  if (!crew || !visible || (newlyGiven && crew.active !== 1)) {
    throw badRequest('admin-access.validation.crew.invalid', { crewId: 'admin-access.validation.crew.invalid' });
  }
  if (input.companies.some((id) => id !== crew.companyId)) {
    throw badRequest('admin-access.validation.crew.companies', {
      companies: 'admin-access.validation.crew.companies',
    });
  }
  return [crew.companyId];
}
