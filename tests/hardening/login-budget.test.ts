// The per-account budget of password checks from the outside (issue 33 item 1, decision
// 0042): 100 concurrent wrong sign-ins on one account, each from an address of its own
// (X-Forwarded-For behind a trusted proxy), get at most 20 password checks, counted by the
// servers' own acende_password_checks_total; every other answer is the same 202 whatever the
// password. Then the real owner is not locked out: the right password is not checked either,
// but the one-time link e-mailed to the account signs them in, once. On SQLite against one
// built server; on PostgreSQL against TWO sharing one database, the guesses split between them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { type Answer, call, sessionCookieOf, signIn } from '../support/client.ts';
import { type Instances, startInstances } from '../support/instances.ts';
import { createDatabase, ENGINES, type ServerProcess, startServer, type TestDatabase } from '../support/server.ts';
import { configureSmtp } from '../support/smtp.ts';

const BUDGET = 20;
const BURST = 100;
const METRICS_TOKEN = 'login-budget-metrics-token-0042';
const ENV = { TRUST_PROXY: 'true', METRICS_TOKEN };

const from = (i: number) => ({
  'x-forwarded-for': `198.51.${Math.floor(i / 200)}.${(i % 200) + 1}`,
  'accept-language': 'en',
});

/** Passwords this server has checked so far. */
async function passwordChecks(base: string): Promise<number> {
  const res = await call(base, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const found = /^acende_password_checks_total (\d+)$/m.exec(res.text);
  if (res.status !== 200 || !found) throw new Error(`metrics: ${res.status} ${res.text.slice(0, 200)}`);
  return Number(found[1]);
}
const totalChecks = async (bases: string[]) =>
  (await Promise.all(bases.map(passwordChecks))).reduce((a, b) => a + b, 0);

/** An account with an e-mail, made through the users API as the first admin. */
async function owner(base: string, email: string) {
  const username = `owner-${process.pid}-${email.length}-${Date.now() % 100000}`;
  const password = `Pw-${username}-Zz9`;
  const res = await call(base, 'POST', '/api/admin/users', {
    cookie: await signIn(base),
    body: { username, password, name: 'Dona da Conta', email, role: 'viewer', companies: [] },
  });
  if (res.status !== 201) throw new Error(`create ${username}: ${res.status} ${res.text}`);
  return { username, password };
}

/** BURST wrong passwords at once, each from its own address, spread over `bases`. */
function guesses(bases: string[], username: string): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      call(bases[i % bases.length] as string, 'POST', '/api/admin/login', {
        body: { username, password: `wrong-guess-${i}` },
        headers: from(i),
      }),
    ),
  );
}

async function expectBudgetHolds(bases: string[], smtp: SmtpCapture, email: string) {
  const account = await owner(bases[0] as string, email);
  const before = await totalChecks(bases);
  const answers = await guesses(bases, account.username);
  const checked = (await totalChecks(bases)) - before;
  expect(checked).toBeLessThanOrEqual(BUDGET);
  // Each checked guess is a 401; nothing else checked a password or refused anything.
  expect(answers.filter((a) => a.status === 401)).toHaveLength(checked);
  const rest = answers.filter((a) => a.status !== 401);
  expect(rest).toHaveLength(BURST - checked);
  for (const answer of rest) {
    expect(answer.status).toBe(202);
    expect(answer.json).toEqual(rest[0]?.json);
    expect(answer.json.signInLinkSent).toBe(true);
    expect(answer.headers.getSetCookie()).toEqual([]);
  }

  // The owner, from a new address on every server: the right password is not checked either...
  for (const [i, base] of bases.entries()) {
    const right = await call(base, 'POST', '/api/admin/login', {
      body: { username: account.username, password: account.password },
      headers: from(BURST + i),
    });
    expect(right.status).toBe(202);
    expect(right.json).toEqual(rest[0]?.json);
  }
  expect((await totalChecks(bases)) - before).toBe(checked);

  // ...but the link e-mailed once to the account signs them in, on any server, once.
  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email), 30_000);
  const token = /\/admin\/sign-in-link\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
  expect(token).toBeTruthy();
  const last = bases[bases.length - 1] as string;
  // Opening the page (as a mail scanner would) is a 200 and spends nothing.
  expect((await call(last, 'GET', `/admin/sign-in-link/${token}`)).status).toBe(200);
  const signedIn = await call(last, 'POST', '/api/admin/login/link', { body: { token }, headers: from(BURST + 9) });
  expect(signedIn.status, signedIn.text).toBe(200);
  expect(signedIn.json.username).toBe(account.username);
  for (const base of bases) {
    const profile = await call(base, 'GET', '/api/admin/profile', { cookie: sessionCookieOf(signedIn) });
    expect(profile.status).toBe(200);
  }
  const reuse = await call(bases[0] as string, 'POST', '/api/admin/login/link', { body: { token }, headers: from(0) });
  expect(reuse.status).toBe(400);
  expect(reuse.json.message).toBe('Invalid or expired sign-in link');
  expect(smtp.messages.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
  return checked;
}

describe('per-account budget under 100 concurrent sign-ins from 100 addresses, one server [sqlite]', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    database = await createDatabase('sqlite');
    server = await startServer(database, { label: 'login-budget', env: ENV });
    await configureSmtp(server.url, await signIn(server.url), smtp);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await smtp?.close();
  });

  it('checks at most 20 passwords; the owner signs in with the e-mailed link', async () => {
    const checked = await expectBudgetHolds([server.url], smtp, `owner-sqlite-${process.pid}@example.com`);
    expect(checked).toBe(BUDGET);
  });
});

// Fails (rather than skips) when REQUIRE_POSTGRES=1 and PostgreSQL is missing: test-databases throws.
describe.runIf(ENGINES.includes('postgres'))(
  'per-account budget under 100 concurrent sign-ins from 100 addresses, two servers on one database [postgres]',
  () => {
    let pair: Instances;
    let smtp: SmtpCapture;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      pair = await startInstances(2, { label: 'login-budget', env: ENV });
      const base = pair.servers[0]?.url as string;
      await configureSmtp(base, await signIn(base), smtp);
    });
    afterAll(async () => {
      await pair?.close();
      await smtp?.close();
    });

    it('checks at most 20 passwords across both; the owner signs in with the e-mailed link', async () => {
      const bases = pair.servers.map((s) => s.url);
      const checked = await expectBudgetHolds(bases, smtp, `owner-postgres-${process.pid}@example.com`);
      expect(checked).toBe(BUDGET);
    });
  },
);
