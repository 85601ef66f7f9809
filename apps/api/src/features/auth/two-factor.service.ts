// Two-factor sign-in (issue 24, decision 0026): enrolment, the sign-in waiting for its second
// factor, turning it off, an admin's reset of another account, and the "required for admins"
// setting. The secret is sealed with APP_SECRET and leaves the server only in enrolment's first
// answer; the codes and how each is spent once are in two-factor.codes.ts, and every code check
// is counted like a password attempt (login-throttle.ts).
import type {
  ConfirmTwoFactor,
  DisableTwoFactor,
  SecuritySettings,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@acende/shared/schemas/two-factor';
import { Secret } from 'otpauth';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { deleteSessionsOfExcept } from '../../core/sessions.repository.ts';
import { readSetting, writeSetting } from '../../core/settings.repository.ts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { sealSecret, TOTP_PURPOSE } from '../../lib/secret-box.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findPasswordHash } from './accounts.repository.ts';
import { reserveLoginAttempt } from './login-throttle.ts';
import {
  auditFailedCode,
  codeUsed,
  invalidCode,
  isTotpCode,
  isTwoFactorEnabled,
  newRecoveryCode,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  spendSecondFactor,
  spendTotpCode,
  totpFor,
} from './two-factor.codes.ts';
import {
  consumePendingSignIn,
  countRecoveryCodesLeft,
  deleteExpiredPendingSignIns,
  deleteTwoFactor,
  findPendingSignIn,
  findTwoFactor,
  insertPendingSignIn,
  insertRecoveryCodes,
  markEnabled,
  saveSecretToConfirm,
} from './two-factor.repository.ts';

/** How long a sign-in whose password was right waits for its second factor. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
const SECURITY_SETTINGS_KEY = 'security';

export async function readSecuritySettings(db: Db): Promise<SecuritySettings> {
  const stored = await readSetting<Partial<SecuritySettings>>(db, SECURITY_SETTINGS_KEY);
  return { requireTwoFactorForAdmins: stored?.requireTwoFactorForAdmins === true };
}

/** Whether this account must set up a second factor before anything else (decision 0026). */
export async function isTwoFactorSetupRequired(
  deps: AppDeps,
  account: { role: string; twoFactorEnabled: boolean },
): Promise<boolean> {
  if (account.role !== 'admin' || account.twoFactorEnabled) return false;
  return (await readSecuritySettings(deps.db)).requireTwoFactorForAdmins;
}

/** After a right password: a single-use token for the second step, stored hashed, short-lived. */
export async function startPendingSignIn(deps: AppDeps, adminId: number): Promise<string> {
  const now = deps.clock.now();
  await deleteExpiredPendingSignIns(deps.db, now.toISOString());
  const token = newToken();
  await insertPendingSignIn(
    deps.db,
    hashToken(token),
    adminId,
    new Date(now.getTime() + PENDING_SIGN_IN_MS).toISOString(),
  );
  return token;
}

/**
 * The sign-in's second step: checks the code (counted as a sign-in attempt), spends the
 * waiting sign-in and answers the account id, for completeSignIn to open the session.
 */
export async function verifyPendingSignIn(
  deps: AppDeps,
  pendingToken: string | undefined,
  code: string,
  ip: string,
): Promise<number> {
  const now = deps.clock.now().toISOString();
  const idHash = pendingToken ? hashToken(pendingToken) : null;
  const pending = idHash ? await findPendingSignIn(deps.db, idHash, now) : undefined;
  if (!idHash || !pending || pending.active !== 1)
    throw new AppError('admin-access.errors.twoFactor.signInExpired', 400);
  const attempt = await reserveLoginAttempt(deps, pending.username, ip, { secondFactor: true });
  const check = await spendSecondFactor(deps, pending.id, code);
  if (check !== 'ok') {
    await auditFailedCode(deps, { id: pending.id, username: pending.username, ip }, pending.id, 'sign-in');
    throw check === 'used' ? codeUsed() : invalidCode();
  }
  if (!(await consumePendingSignIn(deps.db, idHash, now)))
    throw new AppError('admin-access.errors.twoFactor.signInExpired', 400);
  await attempt.succeeded();
  return pending.id;
}

export async function getTwoFactorStatus(deps: AppDeps, admin: { id: number; role: string }): Promise<TwoFactorStatus> {
  const enabled = await isTwoFactorEnabled(deps.db, admin.id);
  return {
    enabled,
    recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(deps.db, admin.id) : 0,
    required: admin.role === 'admin' && (await readSecuritySettings(deps.db)).requireTwoFactorForAdmins,
  };
}

/** Enrolment, first step: a new secret (not yet in force), as text, otpauth URI and QR code. */
export async function startTwoFactorSetup(
  deps: AppDeps,
  admin: AuditActor & { id: number; username: string },
): Promise<TwoFactorSetup> {
  if (await isTwoFactorEnabled(deps.db, admin.id)) throw conflict('admin-access.errors.twoFactor.alreadyEnabled');
  // Loaded before anything is stored: a QR code that cannot be drawn leaves no key waiting.
  const { default: QRCode } = await import('qrcode');
  const secret = new Secret({ size: 20 }).base32;
  const now = deps.clock.now().toISOString();
  // Audited too: a key waiting for its confirming code is stored (never the key itself).
  await deps.db.transaction().execute(async (trx) => {
    await saveSecretToConfirm(trx, admin.id, sealSecret(deps.config.APP_SECRET, TOTP_PURPOSE, secret), now);
    await recordAudit(trx, admin, { kind: 'auth.totp.setup', objectType: 'admin', objectId: admin.id }, now);
  });
  const otpauthUri = totpFor(secret, admin.username).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrSvg };
}

/**
 * Enrolment, second step: a valid code turns the second factor on, with ten recovery codes
 * (answered once, stored hashed) and its audit row, in one transaction.
 */
export async function confirmTwoFactorSetup(
  deps: AppDeps,
  actor: AuditActor & { id: number; username: string },
  input: ConfirmTwoFactor,
  sessionHash: string,
): Promise<string[]> {
  const row = await findTwoFactor(deps.db, actor.id);
  if (!row) throw badRequest('admin-access.errors.twoFactor.noSetup');
  if (row.enabledAt) throw conflict('admin-access.errors.twoFactor.alreadyEnabled');
  const attempt = await reserveLoginAttempt(deps, actor.username, actor.ip ?? '');
  const passwordHash = await findPasswordHash(deps.db, actor.id);
  if (!passwordHash || !(await verifyPassword(passwordHash, input.password).catch(() => false))) {
    throw new AppError('admin-access.errors.currentPasswordIncorrect', 400, undefined, {
      password: 'admin-access.errors.currentPasswordIncorrect',
    });
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = deps.clock.now().toISOString();
  const check = await deps.db.transaction().execute(async (trx) => {
    const result = await spendTotpCode(deps, trx, actor.id, input.code, false);
    if (result !== 'ok') return result;
    await markEnabled(trx, actor.id, now);
    await insertRecoveryCodes(
      trx,
      actor.id,
      codes.map((c) => recoveryCodeHash(deps, c)),
    );
    await recordAudit(
      trx,
      actor,
      { kind: 'auth.totp.enable', objectType: 'admin', objectId: actor.id, after: { twoFactorEnabled: true } },
      now,
    );
    // Sessions opened with the password alone end: from now on a sign-in takes the code.
    await deleteSessionsOfExcept(trx, actor.id, sessionHash);
    return result;
  });
  if (check !== 'ok') {
    await auditFailedCode(deps, actor, actor.id, 'enable');
    throw new AppError('admin-access.errors.twoFactor.invalidCode', 400, undefined, {
      code: 'admin-access.errors.twoFactor.invalidCode',
    });
  }
  await attempt.succeeded();
  return codes;
}

/** Turns one's own second factor off, given a current code or the password (counted as a sign-in attempt). */
export async function disableTwoFactor(
  deps: AppDeps,
  actor: AuditActor & { id: number; username: string },
  role: string,
  input: DisableTwoFactor,
): Promise<void> {
  if (!(await isTwoFactorEnabled(deps.db, actor.id))) throw conflict('admin-access.errors.twoFactor.notEnabled');
  if (role === 'admin' && (await readSecuritySettings(deps.db)).requireTwoFactorForAdmins) {
    throw badRequest('admin-access.errors.twoFactor.requiredByPolicy');
  }
  const attempt = await reserveLoginAttempt(deps, actor.username, actor.ip ?? '');
  const code = input.code?.replace(/\s+/g, '') ?? '';
  const now = deps.clock.now().toISOString();
  const passwordOk = input.password
    ? await verifyPassword((await findPasswordHash(deps.db, actor.id)) ?? '', input.password).catch(() => false)
    : false;
  const ok = await deps.db.transaction().execute(async (trx) => {
    if (!passwordOk && !(isTotpCode(code) && (await spendTotpCode(deps, trx, actor.id, code, true)) === 'ok')) {
      return false;
    }
    await deleteTwoFactor(trx, actor.id);
    await recordAudit(
      trx,
      actor,
      {
        kind: 'auth.totp.disable',
        objectType: 'admin',
        objectId: actor.id,
        before: { twoFactorEnabled: true },
        after: { twoFactorEnabled: false },
      },
      now,
    );
    return true;
  });
  if (!ok) {
    await auditFailedCode(deps, actor, actor.id, 'disable');
    throw new AppError('admin-access.errors.twoFactor.invalidCode', 400, undefined, {
      [input.password ? 'password' : 'code']: 'admin-access.errors.twoFactor.invalidCode',
    });
  }
  await attempt.succeeded();
}

/** An admin removes another account's second factor (lost phone and codes); audited. */
export async function resetTwoFactor(
  deps: AppDeps,
  actor: AuditActor & { id: number },
  targetId: number,
): Promise<void> {
  if (targetId === actor.id) throw badRequest('admin-access.errors.twoFactor.resetSelf');
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('admins').select('id').where('id', '=', targetId).executeTakeFirst();
    if (!target) throw notFound('admin-access.errors.users.notFound');
    if (!(await isTwoFactorEnabled(trx, targetId))) throw conflict('admin-access.errors.twoFactor.notEnabled');
    await deleteTwoFactor(trx, targetId);
    await recordAudit(
      trx,
      actor,
      {
        kind: 'auth.totp.reset',
        objectType: 'admin',
        objectId: targetId,
        before: { twoFactorEnabled: true },
        after: { twoFactorEnabled: false },
      },
      now,
    );
  });
}

/** The "require two-factor for admins" setting (admin only; audited). Turning it on needs the caller's own on. */
export async function updateSecuritySettings(
  deps: AppDeps,
  actor: AuditActor & { id: number },
  input: SecuritySettings,
): Promise<SecuritySettings> {
  if (input.requireTwoFactorForAdmins && !(await isTwoFactorEnabled(deps.db, actor.id))) {
    throw badRequest('admin-access.errors.twoFactor.enableOwnFirst', {
      requireTwoFactorForAdmins: 'admin-access.errors.twoFactor.enableOwnFirst',
    });
  }
  const now = deps.clock.now().toISOString();
  const before = await readSecuritySettings(deps.db);
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, SECURITY_SETTINGS_KEY, input, now);
    await recordAudit(
      trx,
      actor,
      {
        kind: 'settings.security.update',
        objectType: 'settings',
        objectId: 'security',
        before: { ...before },
        after: { ...input },
      },
      now,
    );
  });
  return input;
}
