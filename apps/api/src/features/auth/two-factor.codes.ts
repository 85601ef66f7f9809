// The second factor's codes (decision 0026): TOTP (RFC 6238, otpauth) codes, each spent once
// by its time step (a conditional UPDATE; far enough behind the last one means the server's
// clock went back, issue 39), and one-time recovery codes, stored keyed by APP_SECRET.
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { openSecret, TOTP_PURPOSE } from '../../lib/secret-box.ts';
import { derivedToken } from '../../lib/tokens.ts';
import { acceptStep, findTwoFactor, useRecoveryCode } from './two-factor.repository.ts';

const ISSUER = 'Acende';
const PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is accepted too (clock drift, typing time). */
const WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

export function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step a six-digit code belongs to (within the window around `now`), or null. */
function stepOfCode(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpFor(secretBase32, '');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Ten characters, drawn evenly from an alphabet without look-alikes, shown as `xxxxx-xxxxx` (about 49 bits). */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * A recovery code as stored: keyed by APP_SECRET (HMAC), so a copy of the database alone does
 * not let anyone try the codes of every account offline.
 */
export const recoveryCodeHash = (deps: AppDeps, code: string) =>
  derivedToken(deps.config.APP_SECRET, 'recovery-code', normaliseRecoveryCode(code));

export const invalidCode = () =>
  new AppError('admin-access.errors.twoFactor.invalidCode', 401, undefined, {
    code: 'admin-access.errors.twoFactor.invalidCode',
  });
export const codeUsed = () =>
  new AppError('admin-access.errors.twoFactor.codeUsed', 401, undefined, {
    code: 'admin-access.errors.twoFactor.codeUsed',
  });

export async function isTwoFactorEnabled(db: Db | Trx, adminId: number): Promise<boolean> {
  return Boolean((await findTwoFactor(db, adminId))?.enabledAt);
}

type CodeCheck = 'ok' | 'invalid' | 'used';

/** Checks a six-digit code against an account's secret and spends its time step (atomically). */
export async function spendTotpCode(
  deps: AppDeps,
  db: Db | Trx,
  adminId: number,
  code: string,
  enabled: boolean,
): Promise<CodeCheck> {
  const row = await findTwoFactor(db, adminId);
  if (!row || Boolean(row.enabledAt) !== enabled) return 'invalid';
  const secret = openSecret(deps.config.APP_SECRET, TOTP_PURPOSE, row.secretSealed);
  if (!secret) return 'invalid';
  const step = stepOfCode(secret, code, deps.clock.now());
  if (step === null) return 'invalid';
  return (await acceptStep(db, adminId, step, enabled, WINDOW_STEPS)) ? 'ok' : 'used';
}

/** The second factor at sign-in: a six-digit code, or else a recovery code (each usable once). */
export async function spendSecondFactor(deps: AppDeps, adminId: number, code: string): Promise<CodeCheck> {
  const trimmed = code.replace(/\s+/g, '');
  if (isTotpCode(trimmed)) return spendTotpCode(deps, deps.db, adminId, trimmed, true);
  const normal = normaliseRecoveryCode(trimmed);
  if (normal.length === 0 || !(await isTwoFactorEnabled(deps.db, adminId))) return 'invalid';
  const used = await useRecoveryCode(deps.db, adminId, recoveryCodeHash(deps, normal), deps.clock.now().toISOString());
  return used ? 'ok' : 'invalid';
}

export async function auditFailedCode(deps: AppDeps, actor: AuditActor, adminId: number, step: string) {
  await recordAudit(
    deps.db,
    actor,
    { kind: 'auth.totp.failed', objectType: 'admin', objectId: adminId, after: { step } },
    deps.clock.now().toISOString(),
  );
}
