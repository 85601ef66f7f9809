// An endpoint's signing secret (decision 0065): `whsec_` and the base64 of 32 random bytes, as
// Standard Webhooks writes them; shown once, stored sealed under APP_SECRET (secret-box). After
// a rotation the previous secret signs beside the new one for 24 h, so a receiver can switch over.
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';

const PURPOSE = 'webhook-secret';
/** How much of a secret the list shows: `whsec_` and four characters. */
const PREFIX_LENGTH = 'whsec_'.length + 4;
/** How long a rotated-out secret still signs. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

export function newWebhookSecret(deps: AppDeps): { secret: string; sealed: string; prefix: string } {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  return {
    secret,
    sealed: sealSecret(deps.config.APP_SECRET, PURPOSE, secret),
    prefix: secret.slice(0, PREFIX_LENGTH),
  };
}

/** The secrets that sign now: the current one, and the previous one while its overlap lasts. */
export function openEndpointSecrets(
  deps: AppDeps,
  endpoint: { secretSealed: string; previousSecretSealed: string | null; previousSecretUntil: string | null },
  now: Date,
): string[] {
  const open = (sealed: string | null) => (sealed ? openSecret(deps.config.APP_SECRET, PURPOSE, sealed) : null);
  const current = open(endpoint.secretSealed);
  const previous =
    endpoint.previousSecretUntil && Date.parse(endpoint.previousSecretUntil) > now.getTime()
      ? open(endpoint.previousSecretSealed)
      : null;
  return [current, previous].filter((secret): secret is string => secret !== null);
}
