// Managing administrator accounts (admin only): list, create, edit. Rules: unique
// usernames, linked companies must exist, an admin keeps their own admin role and
// stays active, and deactivation or a new password ends that account's sessions. A 'crew'
// account belongs to one crew and is linked to its company only (users.crew.ts, decision 0068).
import type { Role } from '@acende/shared/enums';
import type { CreateUser, UpdateUser, User, UserList } from '@acende/shared/schemas/users';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import { deleteSessionsOf } from '../../core/sessions.repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { twoFactorEnabledAmong } from '../auth/two-factor.repository.ts';
import { crewAccountCompanies } from './users.crew.ts';
import {
  companiesOf,
  countUsers,
  crewNames,
  existingCompanyIds,
  findUser,
  insertUser,
  listUsers as listUserRows,
  replaceCompanyLinks,
  updateUserRow,
  usernameTakenByOther,
} from './users.repository.ts';

type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

async function toUsers(db: Db | Trx, rows: UserRow[]): Promise<User[]> {
  const ids = rows.map((r) => r.id);
  const crewIds = [...new Set(rows.flatMap((r) => (r.crewId == null ? [] : [r.crewId])))];
  const [links, withTwoFactor, crews] = await Promise.all([
    companiesOf(db, ids),
    twoFactorEnabledAmong(db, ids),
    crewNames(db, crewIds),
  ]);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    active: row.active === 1,
    companies: links.filter((l) => l.adminId === row.id).map((l) => ({ id: l.id, name: l.name })),
    crewId: row.crewId,
    crewName: row.crewId == null ? null : (crews.get(row.crewId) ?? null),
    twoFactorEnabled: withTwoFactor.has(row.id),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

export async function listUsers(deps: AppDeps, page: number, pageSize: number): Promise<UserList> {
  const [total, rows] = await Promise.all([
    countUsers(deps.db),
    listUserRows(deps.db, { limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  return { items: await toUsers(deps.db, rows), total, page, pageSize };
}

export async function getUser(db: Db | Trx, id: number): Promise<User> {
  const row = await findUser(db, id);
  if (!row) throw notFound('admin-access.errors.users.notFound');
  const [user] = await toUsers(db, [row]);
  return user as User;
}

async function assertCompaniesExist(db: Db | Trx, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await existingCompanyIds(db, unique);
  if (found.length !== unique.length) {
    throw badRequest('admin-access.validation.companies.invalid', {
      companies: 'admin-access.validation.companies.invalid',
    });
  }
  return unique;
}

const usernameTaken = () =>
  new AppError('admin-access.errors.users.usernameTaken', 409, undefined, {
    username: 'admin-access.errors.users.usernameTaken',
  });

/** What the audit log keeps of an account: never its password. */
function auditedUser(user: User) {
  return {
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
    active: user.active,
    companyIds: user.companies.map((c) => c.id).sort((a, b) => a - b),
    crewId: user.crewId,
  };
}

export async function createUser(
  deps: AppDeps,
  caller: AuthAdmin,
  input: CreateUser,
  actor: AuditActor,
): Promise<User> {
  const now = deps.clock.now().toISOString();
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      if (await usernameTakenByOther(trx, input.username)) throw usernameTaken();
      const companies =
        (await crewAccountCompanies(trx, caller, input, null)) ?? (await assertCompaniesExist(trx, input.companies));
      const newId = await insertUser(trx, {
        username: input.username,
        name: input.name,
        email: input.email,
        role: input.role,
        crewId: input.role === 'crew' ? (input.crewId ?? null) : null,
        passwordHash,
        now,
      });
      await replaceCompanyLinks(trx, newId, companies, now);
      const created = await getUser(trx, newId);
      await recordAudit(
        trx,
        actor,
        { kind: 'user.create', objectType: 'user', objectId: newId, after: auditedUser(created) },
        now,
      );
      return newId;
    });
    return getUser(deps.db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/**
 * Edits an account. The caller cannot demote or deactivate themself (so at least one
 * active admin always remains). Returns the user and whether the caller's own
 * sessions were ended (their password changed), so the route can renew the cookie.
 */
export async function updateUser(
  deps: AppDeps,
  caller: AuthAdmin,
  id: number,
  input: UpdateUser,
  actor: AuditActor,
): Promise<{ user: User; callerSessionsEnded: boolean }> {
  const self = caller.id === id;
  if (self && input.role !== 'admin') {
    throw badRequest('admin-access.errors.users.selfDemote', { role: 'admin-access.errors.users.selfDemote' });
  }
  if (self && input.active === false) {
    throw badRequest('admin-access.errors.users.selfDeactivate', {
      active: 'admin-access.errors.users.selfDeactivate',
    });
  }
  const now = deps.clock.now().toISOString();
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  let endSessions = false;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const existing = await findUser(trx, id);
      if (!existing) throw notFound('admin-access.errors.users.notFound');
      const previous = auditedUser(await getUser(trx, id));
      if (await usernameTakenByOther(trx, input.username, id)) throw usernameTaken();
      const companies =
        (await crewAccountCompanies(trx, caller, input, existing.crewId)) ??
        (await assertCompaniesExist(trx, input.companies));
      const active = input.active === undefined ? undefined : input.active ? 1 : 0;
      await updateUserRow(trx, id, {
        username: input.username,
        name: input.name,
        email: input.email,
        role: input.role,
        crewId: input.role === 'crew' ? (input.crewId ?? null) : null,
        active,
        passwordHash,
        now,
      });
      await replaceCompanyLinks(trx, id, companies, now);
      endSessions = passwordHash !== undefined || (active === 0 && existing.active === 1);
      if (endSessions) await deleteSessionsOf(trx, id);
      // One row per change: a new password names itself in the kind, never in the row.
      const change = changedFields(previous, auditedUser(await getUser(trx, id)));
      await recordAudit(
        trx,
        actor,
        {
          kind: passwordHash !== undefined ? 'user.password.set' : 'user.update',
          objectType: 'user',
          objectId: id,
          before: change.before,
          after: change.after,
        },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  return { user: await getUser(deps.db, id), callerSessionsEnded: self && endSessions };
}
