// What the server says once it listens (decision 0019): where it is, which database, and
// whether captcha, e-mail, SMS, WhatsApp, push and metrics are on. The database is described from the parts of its
// URL that name it, so its password never reaches the log.
import type { CaptchaProvider } from '@acende/shared/schemas/captcha';
import type { Config } from './config.ts';

export interface StartupFacts {
  config: Pick<Config, 'HOST' | 'PUBLIC_URL' | 'dialect' | 'sqlitePath' | 'DATABASE_URL' | 'CAPTCHA' | 'METRICS_TOKEN'>;
  /** The port the server listens on (PORT=0 picks one). */
  port: number;
  captcha: { enabled: boolean; provider: CaptchaProvider };
  email: { enabled: boolean; host: string; port: number };
  /** SMS notices (issue 36): on, and through which provider's address. */
  sms: { enabled: boolean; provider: 'twilio' | 'zenvia'; baseUrl: string };
  /** WhatsApp notices (issue 36): on, and through which Graph API address. */
  whatsapp: { enabled: boolean; baseUrl: string };
  /** Browser notices (decision 0063): on, and where the VAPID key pair comes from. */
  push: { enabled: boolean; keysFrom: 'env' | 'database' };
}

const SMS_PROVIDERS = { twilio: 'Twilio', zenvia: 'Zenvia' } as const;

const PROVIDERS: Record<CaptchaProvider, string> = {
  altcha: 'ALTCHA',
  turnstile: 'Turnstile',
  recaptcha: 'reCAPTCHA',
  hcaptcha: 'hCaptcha',
};

/** The URL to open on this machine: localhost when the server listens on every interface. */
export function localUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://localhost:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/** The database in use, without the password (or anything else a URL's query may carry). */
export function describeDatabase(config: StartupFacts['config']): string {
  if (config.dialect === 'sqlite') {
    return config.sqlitePath === ':memory:' ? 'SQLite, in memory' : `SQLite, file ${config.sqlitePath}`;
  }
  try {
    const url = new URL(config.DATABASE_URL);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)';
    const user = url.username ? ` as user "${decodeURIComponent(url.username)}"` : '';
    return `PostgreSQL, database "${name}" on ${url.hostname || 'localhost'}:${url.port || '5432'}${user}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** One line per fact, in the order a person starting the server asks them. */
export function startupSummary(facts: StartupFacts): string[] {
  const { config } = facts;
  const local = localUrl(config.HOST, facts.port);
  const captcha = !config.CAPTCHA
    ? 'off (CAPTCHA=off)'
    : facts.captcha.enabled
      ? `on (${PROVIDERS[facts.captcha.provider]})`
      : 'off (turned off in the captcha settings)';
  const email = facts.email.enabled
    ? `on, through ${facts.email.host}:${facts.email.port}`
    : 'off (set it up in the e-mail settings)';
  return [
    `Acende is running at ${local}${config.PUBLIC_URL === local ? '' : ` (public address ${config.PUBLIC_URL})`}`,
    `Database: ${describeDatabase(config)}`,
    `Captcha: ${captcha}`,
    `E-mail: ${email}`,
    `SMS: ${facts.sms.enabled ? `on, through ${SMS_PROVIDERS[facts.sms.provider]} at ${facts.sms.baseUrl}` : 'off (set it up in the SMS settings)'}`,
    `WhatsApp: ${facts.whatsapp.enabled ? `on, through Meta's Cloud API at ${facts.whatsapp.baseUrl}` : 'off (set it up in the WhatsApp settings)'}`,
    `Push: ${facts.push.enabled ? `on, VAPID keys from ${facts.push.keysFrom === 'env' ? 'the environment' : 'the database'}` : 'off (turned off in the browser notice settings)'}`,
    `Metrics: ${config.METRICS_TOKEN ? 'on at /metrics (Bearer METRICS_TOKEN)' : 'off (METRICS_TOKEN unset)'}`,
  ];
}
