import { describe, expect, it } from 'vitest';
import { formatMessage, wantsPrettyLogs } from './lib/log-output.ts';
import { describeDatabase, localUrl, type StartupFacts, startupSummary } from './startup-summary.ts';

const postgres: StartupFacts['config'] = {
  HOST: '0.0.0.0',
  PUBLIC_URL: 'https://luz.example.gov.br',
  dialect: 'postgres',
  sqlitePath: null,
  DATABASE_URL: 'postgres://acende:Sup3r%40Secret-pw@db.internal:6432/acende_prod?sslmode=require&password=AlsoSecret',
  CAPTCHA: true,
  METRICS_TOKEN: undefined,
};

describe('start-up summary', () => {
  it('names PostgreSQL by host, port, database and user, never the password', () => {
    const text = describeDatabase(postgres);
    expect(text).toBe('PostgreSQL, database "acende_prod" on db.internal:6432 as user "acende"');
    expect(text).not.toMatch(/Secret/i);
    expect(describeDatabase({ ...postgres, DATABASE_URL: 'postgresql://db/' })).toBe(
      'PostgreSQL, database "(default)" on db:5432',
    );
  });

  it('names SQLite by its file', () => {
    const sqlite = { ...postgres, dialect: 'sqlite' as const, sqlitePath: '/srv/acende/data/acende.db' };
    expect(describeDatabase(sqlite)).toBe('SQLite, file /srv/acende/data/acende.db');
    expect(describeDatabase({ ...sqlite, sqlitePath: ':memory:' })).toBe('SQLite, in memory');
  });

  it('says where the app is and what is on, one line each', () => {
    const lines = startupSummary({
      config: { ...postgres, METRICS_TOKEN: 'a-long-enough-token' },
      port: 3000,
      captcha: { enabled: true, provider: 'turnstile' },
      email: { enabled: true, host: 'smtp.example.org', port: 587 },
      sms: { enabled: true, provider: 'zenvia', baseUrl: 'https://api.zenvia.com' },
      whatsapp: { enabled: true, baseUrl: 'https://graph.facebook.com' },
      push: { enabled: true, keysFrom: 'database' },
    });
    expect(lines).toEqual([
      'Acende is running at http://localhost:3000 (public address https://luz.example.gov.br)',
      'Database: PostgreSQL, database "acende_prod" on db.internal:6432 as user "acende"',
      'Captcha: on (Turnstile)',
      'E-mail: on, through smtp.example.org:587',
      'SMS: on, through Zenvia at https://api.zenvia.com',
      "WhatsApp: on, through Meta's Cloud API at https://graph.facebook.com",
      'Push: on, VAPID keys from the database',
      'Metrics: on at /metrics (Bearer METRICS_TOKEN)',
    ]);
    expect(lines.join('\n')).not.toMatch(/Secret|a-long-enough-token/);
    const off = startupSummary({
      config: { ...postgres, CAPTCHA: false, PUBLIC_URL: 'http://localhost:3000' },
      port: 3000,
      captcha: { enabled: false, provider: 'altcha' },
      email: { enabled: false, host: '', port: 587 },
      sms: { enabled: false, provider: 'twilio', baseUrl: 'https://api.twilio.com' },
      whatsapp: { enabled: false, baseUrl: 'https://graph.facebook.com' },
      push: { enabled: false, keysFrom: 'env' },
    });
    expect(off[0]).toBe('Acende is running at http://localhost:3000');
    expect(off.slice(2)).toEqual([
      'Captcha: off (CAPTCHA=off)',
      'E-mail: off (set it up in the e-mail settings)',
      'SMS: off (set it up in the SMS settings)',
      'WhatsApp: off (set it up in the WhatsApp settings)',
      'Push: off (turned off in the browser notice settings)',
      'Metrics: off (METRICS_TOKEN unset)',
    ]);
  });

  it('gives the URL to open for the address listened on', () => {
    expect(localUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(localUrl('::', 8080)).toBe('http://localhost:8080');
    expect(localUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(localUrl('::1', 8080)).toBe('http://[::1]:8080');
  });
});

describe('log format', () => {
  it('is readable in a terminal outside production unless LOG_FORMAT says otherwise', () => {
    expect(wantsPrettyLogs({ LOG_FORMAT: 'auto', NODE_ENV: 'development' }, true)).toBe(true);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'auto', NODE_ENV: 'development' }, false)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'auto', NODE_ENV: 'production' }, true)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe(true);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'json', NODE_ENV: 'development' }, true)).toBe(false);
  });

  it('writes a request as one short line each way', () => {
    const reqId = '3f2a1b0c-1111-2222-3333-444455556666';
    expect(formatMessage({ msg: 'incoming request', reqId, req: { method: 'GET', url: '/api/x?t=[redacted]' } })).toBe(
      '→ GET /api/x?t=[redacted] [3f2a1b0c]',
    );
    expect(formatMessage({ msg: 'request completed', reqId, res: { statusCode: 404 }, responseTime: 2.345 })).toBe(
      '← 404 in 2.3 ms [3f2a1b0c]',
    );
    expect(formatMessage({ msg: 'migrations applied' })).toBe('migrations applied');
  });
});
