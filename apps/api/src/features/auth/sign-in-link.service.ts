// One-time sign-in links (decision 0042). Once an account's budget of password checks is
// spent (login-throttle.ts), a sign-in checks no password: it sends the account a link by
// e-mail instead, at most one per SIGN_IN_LINK_TTL_MS, and answers the same whatever the
// password, whether the account exists and whether it has an e-mail. The link (random,
// stored hashed, single use, short-lived) signs its owner in, through the second factor
// when the account has one on (signInWithLink, auth.service.ts).
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../../core/audit/audit.repository.ts';
import { type RenderedEmail, render } from '../../core/outbox/email.render.ts';
import { isEmailEnabled } from '../../core/outbox/email-settings.service.ts';
import { queueEmail } from '../../core/outbox/outbox.service.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findLinkableAccount, issueSignInLink } from './sign-in-links.repository.ts';

/** How long a link works, and how long before another is sent to the same account. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** Every over-budget answer takes at least this long, so its timing does not tell whether a link was sent. */
export const LINK_ANSWER_MIN_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The over-budget answer: the same for every password, every name and every account. */
export interface LinkOffered {
  signInLinkSent: true;
}

/**
 * Answers a sign-in over its account's budget: sends a link when the name is an active
 * account with an e-mail, e-mail is on and no link was sent in the last SIGN_IN_LINK_TTL_MS.
 */
export async function offerSignInLink(deps: AppDeps, username: string, ip: string): Promise<LinkOffered> {
  const started = performance.now();
  try {
    await sendSignInLink(deps, username, ip);
  } finally {
    const elapsed = performance.now() - started;
    await sleep(Math.max(0, LINK_ANSWER_MIN_MS - elapsed) + Math.random() * 25);
  }
  return { signInLinkSent: true };
}

async function sendSignInLink(deps: AppDeps, username: string, ip: string): Promise<void> {
  const account = await findLinkableAccount(deps.db, username);
  if (!account?.email) return;
  const email = account.email;
  const now = deps.clock.now();
  const token = newToken();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await isEmailEnabled(trx))) return;
    const issued = await issueSignInLink(
      trx,
      {
        adminId: account.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS).toISOString(),
        now: now.toISOString(),
      },
      new Date(now.getTime() - SIGN_IN_LINK_TTL_MS).toISOString(),
    );
    if (!issued) return;
    const url = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/admin/sign-in-link/${encodeURIComponent(token)}`;
    const language: Language = account.language === 'en' ? 'en' : 'pt';
    const rendered = renderSignInLink(language, { name: account.name, username: account.username, url });
    await queueEmail(trx, deps, { ...rendered, kind: 'sign_in_link', to: email, adminId: account.id });
    await recordAudit(
      trx,
      { id: account.id, username: account.username, ip },
      { kind: 'auth.login.link.sent', objectType: 'user', objectId: account.id },
      now.toISOString(),
    );
  });
}

export function renderSignInLink(
  language: Language,
  data: { name: string; username: string; url: string },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  return render(language, 'email.email.signInLink.subject', {}, [
    { kind: 'p', key: 'email.email.signInLink.greeting', params: { name: data.name } },
    { kind: 'p', key: 'email.email.signInLink.intro', params: { username: data.username } },
    {
      kind: 'link',
      intro: t('email.email.signInLink.linkIntro'),
      label: t('email.email.signInLink.action'),
      url: data.url,
    },
    { kind: 'p', key: 'email.email.signInLink.validity' },
    { kind: 'p', key: 'email.email.signInLink.ignore' },
  ]);
}
