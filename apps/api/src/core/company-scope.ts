// Who is acting and which companies they may see: the signed-in account every admin service
// receives, and the company scope its repositories filter by (decision 0002 §3).
import type { Role } from '@acende/shared/enums';

export interface AuthAdmin {
  id: number;
  username: string;
  name: string;
  email: string | null;
  role: Role;
  language: 'pt' | 'en';
  /** Companies this account is linked to; empty means all (decision 0002 §3). */
  companyIds: number[];
  /** A 'crew' account's crew (decision 0068); null for every other role. */
  crewId: number | null;
  /** A TOTP second factor is on for this account (decision 0026). */
  twoFactorEnabled: boolean;
  /** Two-factor is required for this account and not yet set up: only its setup is open. */
  twoFactorSetupRequired: boolean;
  sessionHash: string;
}

/**
 * Company scope of an account for repositories: null means every company (admins and
 * accounts with no links), otherwise the list of company ids it may see.
 */
export function companyScope(admin: Pick<AuthAdmin, 'role' | 'companyIds'>): number[] | null {
  // A crew account is always its crew's company's: with no link it sees nothing, never everything.
  if (admin.role === 'crew') return admin.companyIds;
  if (admin.role === 'admin' || admin.companyIds.length === 0) return null;
  return admin.companyIds;
}
