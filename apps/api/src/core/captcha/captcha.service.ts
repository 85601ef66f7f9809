// Captcha rules (decision 0002 §14): the effective setting (CAPTCHA=off wins), the public
// view, ALTCHA challenges and their one-time verification, and server-side checks
// against Turnstile, reCAPTCHA v2 or hCaptcha when an admin has chosen one.
import { createHmac } from 'node:crypto';
import { CAPTCHA_DEFAULT_ENABLED } from '@acende/shared/constants';
import {
  type CaptchaProvider,
  type CaptchaSettingsView,
  type PublicCaptcha,
  SECRET_PLACEHOLDER,
} from '@acende/shared/schemas/captcha';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { CAPTCHA_PURPOSE, openSecret, sealSecret } from '../../lib/secret-box.ts';
import { changedFields } from '../audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../audit/audit.repository.ts';
import { readSetting, writeSetting } from '../settings.repository.ts';
import { invalidateThemedIndex } from '../themed-index-cache.ts';
import { markChallengeSpent } from './captcha.repository.ts';

export const CAPTCHA_KEY = 'captcha';

/**
 * Proof-of-work cost. PBKDF2/SHA-256 at 250 iterations per attempt, with the answer a
 * random counter in [ALTCHA_COUNTER_MIN, ALTCHA_COUNTER_MAX]: on average ~1,000
 * attempts ≈ 250,000 PBKDF2 iterations, which a mid-range phone's WebCrypto does in
 * about 0.1–0.3 s spread over its cores (the widget uses Web Workers), and at worst
 * (1,500 attempts) still well under a second. Verifying costs one HMAC (key signature).
 */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const ALTCHA_COST = 250;
export const ALTCHA_COUNTER_MIN = 500;
export const ALTCHA_COUNTER_MAX = 1500;
/** How long a challenge may be solved and spent. */
export const ALTCHA_TTL_MS = 10 * 60 * 1000;
const PROVIDER_TIMEOUT_MS = 8000;

export const PROVIDER_VERIFY_URLS: Record<Exclude<CaptchaProvider, 'altcha'>, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
};

interface StoredCaptcha {
  enabled: boolean;
  provider: CaptchaProvider;
  siteKey: string | null;
  /** Sealed with secret-box. */
  secretKey: string | null;
}

const DEFAULT_CAPTCHA: StoredCaptcha = {
  enabled: CAPTCHA_DEFAULT_ENABLED,
  provider: 'altcha',
  siteKey: null,
  secretKey: null,
};

async function readStored(deps: AppDeps): Promise<StoredCaptcha> {
  const stored = await readSetting<Partial<StoredCaptcha>>(deps.db, CAPTCHA_KEY);
  return { ...DEFAULT_CAPTCHA, ...stored };
}

/** The captcha in force: off when CAPTCHA=off, and ALTCHA when a provider lacks its keys. */
export async function effectiveCaptcha(deps: AppDeps): Promise<{
  enabled: boolean;
  provider: CaptchaProvider;
  siteKey: string | null;
  secretKey: string | null;
}> {
  // Turned off for the whole deployment: no settings to read on the public hot path.
  if (!deps.config.CAPTCHA) return { enabled: false, provider: 'altcha', siteKey: null, secretKey: null };
  const stored = await readStored(deps);
  const enabled = stored.enabled;
  const secretKey = stored.secretKey ? openSecret(deps.config.APP_SECRET, CAPTCHA_PURPOSE, stored.secretKey) : null;
  if (stored.provider !== 'altcha' && stored.siteKey && secretKey) {
    return { enabled, provider: stored.provider, siteKey: stored.siteKey, secretKey };
  }
  return { enabled, provider: 'altcha', siteKey: null, secretKey: null };
}

export async function getCaptchaSettings(deps: AppDeps): Promise<CaptchaSettingsView> {
  const stored = await readStored(deps);
  return {
    enabled: stored.enabled,
    provider: stored.provider,
    siteKey: stored.siteKey,
    secretKey: stored.secretKey ? SECRET_PLACEHOLDER : null,
    disabledByEnvironment: !deps.config.CAPTCHA,
  };
}

export async function saveCaptchaSettings(
  deps: AppDeps,
  input: { enabled: boolean; provider: CaptchaProvider; siteKey: string | null; secretKey: string | null },
  actor: AuditActor,
): Promise<CaptchaSettingsView> {
  const stored = await readStored(deps);
  let secretKey: string | null;
  if (input.secretKey === SECRET_PLACEHOLDER) {
    secretKey = stored.secretKey;
    if (input.provider !== 'altcha' && !secretKey) {
      throw badRequest('admin-settings.validation.captcha.secretKey', {
        secretKey: 'admin-settings.validation.captcha.secretKey',
      });
    }
  } else {
    secretKey = input.secretKey ? sealSecret(deps.config.APP_SECRET, CAPTCHA_PURPOSE, input.secretKey) : null;
  }
  const next: StoredCaptcha = {
    enabled: input.enabled,
    provider: input.provider,
    siteKey: input.siteKey,
    secretKey,
  };
  const now = deps.clock.now().toISOString();
  // The log keeps whether a secret key is stored, never the key (sealed or not).
  const audited = (c: StoredCaptcha) => ({
    enabled: c.enabled,
    provider: c.provider,
    siteKey: c.siteKey,
    keyStored: c.secretKey !== null,
  });
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, CAPTCHA_KEY, next, now);
    const change = changedFields(audited(stored), audited(next));
    const keyReplaced = input.secretKey !== SECRET_PLACEHOLDER && input.secretKey !== null && input.secretKey !== '';
    await recordAudit(
      trx,
      actor,
      {
        kind: 'settings.captcha.update',
        objectType: 'settings',
        objectId: 'captcha',
        before: change.before,
        after: keyReplaced ? { ...change.after, keyReplaced: true } : change.after,
      },
      now,
    );
  });
  // The page's CSP names the provider's origins: rebuild it.
  invalidateThemedIndex(deps);
  return getCaptchaSettings(deps);
}

function altchaSecrets(deps: AppDeps) {
  const derive = (purpose: string) =>
    createHmac('sha256', deps.config.APP_SECRET).update(`altcha\n${purpose}`).digest('base64url');
  return { hmacSignatureSecret: derive('signature'), hmacKeySignatureSecret: derive('key-signature') };
}

export async function createAltchaChallenge(deps: AppDeps): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(ALTCHA_COUNTER_MIN, ALTCHA_COUNTER_MAX),
    deriveKey,
    expiresAt: new Date(deps.clock.now().getTime() + ALTCHA_TTL_MS),
    ...altchaSecrets(deps),
  });
}

export async function getPublicCaptcha(deps: AppDeps): Promise<PublicCaptcha> {
  const captcha = await effectiveCaptcha(deps);
  if (!captcha.enabled) return { enabled: false, provider: captcha.provider, siteKey: null, challenge: null };
  return {
    enabled: true,
    provider: captcha.provider,
    siteKey: captcha.siteKey,
    challenge: captcha.provider === 'altcha' ? await createAltchaChallenge(deps) : null,
  };
}

const altchaPayloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        expiresAt: z.number().optional(),
      })
      .loose(),
    signature: z.string().min(1).max(200),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(200), time: z.number().optional() }),
});

function decodeAltchaPayload(token: string) {
  try {
    const json = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = altchaPayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function verifyAltcha(deps: AppDeps, token: string): Promise<void> {
  const payload = decodeAltchaPayload(token);
  if (!payload) throw badRequest('captcha.errors.captcha.invalid');
  const { parameters } = payload.challenge;
  if (parameters.algorithm !== ALTCHA_ALGORITHM) throw badRequest('captcha.errors.captcha.invalid');
  const nowMs = deps.clock.now().getTime();
  if (!parameters.expiresAt || parameters.expiresAt * 1000 < nowMs) throw badRequest('captcha.errors.captcha.expired');
  const result = await verifySolution({
    challenge: payload.challenge as Challenge,
    solution: payload.solution,
    deriveKey,
    ...altchaSecrets(deps),
  });
  if (result.expired) throw badRequest('captcha.errors.captcha.expired');
  if (!result.verified) throw badRequest('captcha.errors.captcha.invalid');
  const spent = await markChallengeSpent(
    deps.db,
    payload.challenge.signature,
    new Date(parameters.expiresAt * 1000).toISOString(),
    new Date(nowMs).toISOString(),
  );
  if (!spent) throw badRequest('captcha.errors.captcha.replayed');
}

async function verifyWithProvider(
  deps: AppDeps,
  provider: Exclude<CaptchaProvider, 'altcha'>,
  keys: { siteKey: string; secretKey: string },
  token: string,
  remoteIp: string | undefined,
): Promise<void> {
  const url = deps.config.CAPTCHA_VERIFY_URL || PROVIDER_VERIFY_URLS[provider];
  const form = new URLSearchParams({ secret: keys.secretKey, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  if (provider === 'hcaptcha') form.set('sitekey', keys.siteKey);
  let body: { success?: unknown };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`captcha provider answered ${response.status}`);
    body = (await response.json()) as { success?: unknown };
  } catch (error) {
    // The provider is down or unreachable: say so (503) rather than blame the person.
    throw Object.assign(new AppError('captcha.errors.captcha.unavailable', 503), { cause: error });
  }
  if (body.success !== true) throw badRequest('captcha.errors.captcha.invalid');
}

/**
 * The one call a guarded route makes (request creation, admin login, password-reset
 * request): returns when captcha is off or the token is good, otherwise throws a 400
 * whose message says what to do, in the reader's language.
 */
export async function verifyCaptchaOrThrow(
  deps: AppDeps,
  token: string | null | undefined,
  request?: { ip?: string },
): Promise<void> {
  const captcha = await effectiveCaptcha(deps);
  if (!captcha.enabled) return;
  if (!token || typeof token !== 'string' || !token.trim()) throw badRequest('captcha.errors.captcha.required');
  if (token.length > 10_000) throw badRequest('captcha.errors.captcha.invalid');
  if (captcha.provider === 'altcha') return verifyAltcha(deps, token.trim());
  if (!captcha.siteKey || !captcha.secretKey) return verifyAltcha(deps, token.trim());
  return verifyWithProvider(
    deps,
    captcha.provider,
    { siteKey: captcha.siteKey, secretKey: captcha.secretKey },
    token.trim(),
    request?.ip,
  );
}
