// Issue 39, fourth fault: the server's clock jumps back an hour, then forward a day
// (TEST_CLOCK_OFFSET_FILE, honoured under NODE_ENV=test only). Sessions follow decision 0026's
// rules (an hour back keeps the session; a day forward is past its idle and absolute limits,
// so it ends and a new sign-in works); an account with two-factor signs in with the code of
// the moved clock each time (decision 0048: a step far behind the last is accepted, once);
// deadlines stay as promised at filing (decision 0029), so only those due before the new time
// are overdue; e-mails go exactly once, the retention sweep (running every second here)
// anonymises nothing that is not due, and filing goes on throughout.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { type Account, call, createAccount, fileRequest, signIn } from '../support/client.ts';
import { waitUntil } from '../support/fault-load.ts';
import { ENGINES, startFresh } from '../support/server.ts';
import { configureSmtp } from '../support/smtp.ts';
import { record } from '../support/summary.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TARGET_HOURS = 2;

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

/** Turns two-factor on for `account` with a code of the server's clock (`offset` from ours). */
async function enrol(base: string, account: Account, offset: number) {
  const setup = await call(base, 'POST', '/api/admin/two-factor/setup', { cookie: account.cookie });
  expect(setup.status, setup.text).toBe(200);
  const secret = setup.json.secret as string;
  const body = { code: codeAt(secret, Date.now() + offset), password: account.password };
  const confirm = await call(base, 'POST', '/api/admin/two-factor/confirm', { cookie: account.cookie, body });
  expect(confirm.status, confirm.text).toBe(200);
  return secret;
}

/** Password, then a code for `timestamp`: answers the second step's status. */
async function signInWithCode(base: string, account: Account, secret: string, timestamp: number) {
  const first = await call(base, 'POST', '/api/admin/login', {
    body: { username: account.username, password: account.password },
  });
  expect(first.status, first.text).toBe(202);
  const pending = first.headers
    .getSetCookie()
    .find((c) => /two_factor=/.test(c))
    ?.split(';')[0];
  const second = await call(base, 'POST', '/api/admin/login/two-factor', {
    cookie: pending,
    body: { code: codeAt(secret, timestamp) },
  });
  return second.status;
}

/** Requests still being worked on past their due time, as the admin list counts them. */
async function overdue(base: string, cookie: string) {
  const list = await call(base, 'GET', '/api/admin/repair-requests?deadline=overdue', { cookie });
  expect(list.status, list.text).toBe(200);
  return list.json.total as number;
}

describe.concurrent.each(ENGINES)('the server’s clock jumps [%s]', (engine) => {
  it('back an hour and forward a day: sessions as decided, no e-mail twice, no mass expiry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'acende-clock-'));
    const offsetFile = join(dir, 'offset');
    const jump = async (ms: number) => {
      writeFileSync(offsetFile, String(ms));
      // The server re-reads the offset at most every 100 ms.
      await new Promise((r) => setTimeout(r, 300));
    };
    await jump(0);
    const smtp = await startSmtpCapture();
    const env = await startFresh(engine, {
      label: 'faults-clock',
      env: { TEST_CLOCK_OFFSET_FILE: offsetFile, RETENTION_INTERVAL_MS: '1000', LOG_LEVEL: 'warn' },
    });
    const base = env.server.url;
    const tag = `clock-${engine}-${process.pid}`;
    let filed = 0;
    const fileSome = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await fileRequest(base, { email: `${tag}-${filed}@example.com` });
        filed += 1;
      }
    };
    const mine = () => smtp.messages.filter((m) => m.envelopeTo.some((to) => to.startsWith(`${tag}-`)));
    const profile = (cookie: string) => call(base, 'GET', '/api/admin/profile', { cookie });
    try {
      const cookie = await signIn(base);
      await configureSmtp(base, cookie, smtp);
      const targets = await call(base, 'PUT', '/api/admin/repair-targets', {
        cookie,
        body: {
          defaults: {
            LIGHT_OUT: TARGET_HOURS,
            NO_LAMP: TARGET_HOURS,
            FALLEN_POLE: TARGET_HOURS,
            POLE_DAMAGE: TARGET_HOURS,
          },
          overrides: [],
        },
      });
      expect(targets.status, targets.text).toBe(200);
      const guarded = await createAccount(base, cookie, 'admin');
      const secret = await enrol(base, guarded, 0);
      // Enrolment spent the current step; the next one signs in.
      expect(await signInWithCode(base, guarded, secret, Date.now() + 30_000)).toBe(200);
      await fileSome(5);
      await waitUntil(() => mine().length >= 5, 20_000, '5 e-mails');
      expect(await overdue(base, cookie)).toBe(0);

      // Back an hour: the session goes on, filings and e-mails too; the code of the moved
      // clock signs in (once); nothing is overdue, the deadlines stay as promised.
      await jump(-HOUR);
      expect((await profile(cookie)).status).toBe(200);
      const backCode = Date.now() - HOUR;
      expect(await signInWithCode(base, guarded, secret, backCode)).toBe(200);
      expect(await signInWithCode(base, guarded, secret, backCode)).toBe(401);
      await fileSome(5);
      await waitUntil(() => mine().length >= 10, 20_000, '10 e-mails after the clock went back');
      expect(await overdue(base, cookie)).toBe(0);

      // Forward a day: past the session's idle hour and 12-hour limit, it has ended (decision 0026);
      // signing in again works; e-mails already sent are not sent again.
      await jump(DAY);
      expect((await profile(cookie)).status).toBe(401);
      const again = await signIn(base);
      expect((await profile(again)).status).toBe(200);
      expect(await signInWithCode(base, guarded, secret, Date.now() + DAY)).toBe(200);
      // The ten filed a day ago (due within TARGET_HOURS of then) are overdue; new ones are not.
      expect(await overdue(base, again)).toBe(10);
      await fileSome(5);
      expect(await overdue(base, again)).toBe(10);
      await waitUntil(() => mine().length >= 15, 20_000, '15 e-mails after the clock went forward');
      // A few outbox rounds (every 2 s) and retention sweeps (every second) on the new day.
      await new Promise((r) => setTimeout(r, 4500));

      const received = mine().map((m) => m.envelopeTo[0] as string);
      expect(received.length).toBe(15);
      expect(new Set(received).size).toBe(15);
      // Nothing anonymised: no request is closed, let alone past its retention.
      const anonymised = Number(
        (
          await env.database.query<{ n: number | string }>(
            'select count(*) as n from repair_requests where anonymized_at is not null',
          )
        )[0]?.n,
      );
      expect(anonymised).toBe(0);
      const withEmail = Number(
        (
          await env.database.query<{ n: number | string }>(
            'select count(*) as n from repair_requests where email like ?',
            [`${tag}-%`],
          )
        )[0]?.n,
      );
      expect(withEmail).toBe(15);
      const unsent = Number(
        (
          await env.database.query<{ n: number | string }>(
            "select count(*) as n from email_outbox where status <> 'sent'",
          )
        )[0]?.n,
      );
      expect(unsent).toBe(0);
      record(
        `faults: clock jumps [${engine}]: -1 h then +1 day; ${filed} filings, ${received.length} e-mails (none twice), ` +
          `session kept after -1 h and ended after +1 day (re-sign-in ok), two-factor sign-in with the moved clock's code ` +
          `at each step (its replay refused), overdue 0 → 0 → 10 of ${filed} (${TARGET_HOURS} h target), ` +
          `${anonymised} rows anonymised by the sweep`,
      );
    } finally {
      await env.close();
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
