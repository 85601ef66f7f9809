// Sign-in throttling (decision 0004). Every attempt is counted BEFORE the password is
// checked, by an atomic upsert per key in the database, so the limits hold under any
// concurrency and on every instance sharing the database:
// - one source (client address) on one account: LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE
//   failures in the window, then that source is refused for that account (429);
// - one source on any accounts: LOGIN_MAX_FAILURES_PER_IP (setting), then refused for all;
// - one account from all sources: never refused (a stranger must not be able to lock an
//   account); past LOGIN_ACCOUNT_UNDER_ATTACK_FAILURES it is "under attack" and each further
//   attempt is slowed down when no captcha is in force (with a captcha, every sign-in
//   already carries a solved one); past LOGIN_BUDGET_PER_ACCOUNT the attempt is over the
//   account's budget: no password is checked, the caller offers a one-time sign-in link
//   by e-mail instead (decision 0042).
// An attempt that is refused, or whose password is right, is given back; a right password
// also clears its (account, source) count.
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteAttempts, deleteEndedAttempts, releaseAttempt, reserveAttempt } from './login-attempts.repository.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE = 5;
// Per client address the limit is the LOGIN_MAX_FAILURES_PER_IP setting (default 20): higher
// than per account so that colleagues behind one office address do not lock each other out.
export const LOGIN_ACCOUNT_UNDER_ATTACK_FAILURES = 10;
/**
 * Password checks per account from all sources in the window (decision 0042): the attempt
 * that would be the next one is over budget, and checks nothing. Failures stay counted and
 * a right password gives its slot back, so only failed guesses (and checks in flight) spend it.
 */
export const LOGIN_BUDGET_PER_ACCOUNT = 20;
/**
 * Wrong second-factor codes per account from all sources in the window, then the code step
 * is refused for that account (429). Only someone who has the password reaches the code
 * step, so this cannot be used by a stranger to lock an account (decision 0026).
 */
export const TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT = 10;
/** Wait before each password check of an account under attack while no captcha is in force. */
export const LOGIN_SLOWDOWN_MS = 1000;

export class LoginThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('admin-access.errors.loginThrottled', 429, { seconds: retryAfterSeconds });
  }
}

const normalise = (username: string) => username.trim().toLowerCase().slice(0, 64);

interface Reservation {
  key: string;
  count: number;
  expiresAt: string;
}

/** One counted attempt: it stays counted (a failure) unless the password proves right. */
export interface LoginAttempt {
  /** Past LOGIN_ACCOUNT_UNDER_ATTACK_FAILURES for this account from all sources (this attempt included). */
  accountUnderAttack: boolean;
  /**
   * Past LOGIN_BUDGET_PER_ACCOUNT for this account (this attempt included): the password must
   * not be checked, and the attempt is to be given back (release).
   */
  overBudget: boolean;
  /** Gives the attempt back without a check (over budget). */
  release(): Promise<void>;
  /** Seconds until the account's window ends (and its budget with it). */
  accountRetryAfterSeconds: number;
  /** The check passed: the attempt is given back and the source's failures on the account forgotten. */
  succeeded(): Promise<void>;
  /**
   * The password was right but a second factor is still to come: this attempt is given back,
   * and the failures already counted stay (they are forgotten only when the code is right).
   */
  passedFirstStep(): Promise<void>;
}

/**
 * Counts an attempt for (account, source), source and account, in that order, before any
 * password check; throws LoginThrottledError (having given the attempt back) when the
 * source has failed too often on this account or on all.
 */
export async function reserveLoginAttempt(
  deps: AppDeps,
  username: string,
  ip: string,
  options: { secondFactor?: boolean } = {},
): Promise<LoginAttempt> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const expiresAt = new Date(now.getTime() + LOGIN_WINDOW_MS).toISOString();
  const name = normalise(username);
  const taken: Reservation[] = [];
  const take = async (key: string) => {
    const row = await reserveAttempt(deps.db, key, nowIso, expiresAt);
    const reservation = { key, count: Number(row.count), expiresAt: row.expiresAt };
    taken.push(reservation);
    return reservation;
  };
  const release = async () => {
    for (const r of taken) await releaseAttempt(deps.db, r.key, r.expiresAt);
  };
  const secondsUntil = (end: string) => Math.max(1, Math.ceil((new Date(end).getTime() - now.getTime()) / 1000));
  const refuse = async (reservation: Reservation) => {
    await release();
    throw new LoginThrottledError(secondsUntil(reservation.expiresAt));
  };

  // The narrowest key first: attempts refused by it never touch the wider counts.
  const pair = await take(`pair:${name}\n${ip}`);
  if (pair.count > LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE) await refuse(pair);
  const source = await take(`source:${ip}`);
  if (source.count > deps.config.LOGIN_MAX_FAILURES_PER_IP) await refuse(source);
  const account = await take(`account:${name}`);
  // A code check also counts per account from every source: codes are few enough to guess.
  const codes = options.secondFactor ? await take(`code:${name}`) : undefined;
  if (codes && codes.count > TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT) await refuse(codes);

  return {
    accountUnderAttack: account.count > LOGIN_ACCOUNT_UNDER_ATTACK_FAILURES,
    overBudget: account.count > LOGIN_BUDGET_PER_ACCOUNT,
    release,
    accountRetryAfterSeconds: secondsUntil(account.expiresAt),
    async succeeded() {
      await deleteAttempts(deps.db, pair.key);
      if (codes) await deleteAttempts(deps.db, codes.key);
      await releaseAttempt(deps.db, source.key, source.expiresAt);
      await releaseAttempt(deps.db, account.key, account.expiresAt);
      // Sign-ins are rare enough to carry the sweep of counts whose window has ended.
      await deleteEndedAttempts(deps.db, nowIso);
    },
    passedFirstStep: release,
  };
}
