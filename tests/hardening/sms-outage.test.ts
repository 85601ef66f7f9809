// Issue 36's reliability for SMS, against the built server as a process and a stand-in for
// Twilio's Messages API: while Twilio answers 503, requests that ask for SMS are filed at full
// speed and their texts wait in the outbox, surviving a kill -9; when Twilio is back, two
// instances on the one database send each text exactly once. The servers' clock is moved to
// noon in Porto Alegre (outside the quiet hours) and then past the first retry's backoff
// (TEST_CLOCK_OFFSET_FILE) instead of the test waiting for either.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS } from '../../apps/api/src/core/outbox/delivery-retry.ts';
import { startFakeTwilio } from '../../apps/api/test/fake-twilio.ts';
import { call, fileRequest, signIn } from '../support/client.ts';
import { createDatabase, ENGINES, startServer } from '../support/server.ts';
import { record } from '../support/summary.ts';

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** Milliseconds from now to the next 12:00 in Porto Alegre (UTC−3). */
function toNoon(): number {
  const now = Date.now();
  let at = Math.ceil(now / 3_600_000) * 3_600_000 + 60_000;
  while ((new Date(at).getUTCHours() + 21) % 24 !== 12) at += 3_600_000;
  return at - now;
}

describe.concurrent.each(ENGINES)('SMS outage [%s]', (engine) => {
  it('files while Twilio answers 503, keeps the texts across kill -9, then two instances send each once', async () => {
    const twilio = await startFakeTwilio();
    const database = await createDatabase(engine);
    const clockDir = mkdtempSync(join(tmpdir(), 'acende-sms-outage-clock-'));
    const offsetFile = join(clockDir, 'offset');
    const noon = toNoon();
    writeFileSync(offsetFile, String(noon));
    // Instances of one service share APP_SECRET, which seals the provider's token.
    const env = { TEST_CLOCK_OFFSET_FILE: offsetFile, APP_SECRET: `sms-outage-${'s'.repeat(40)}` };
    let server = await startServer(database, { label: 'sms-outage', env });
    let second: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const cookie = await signIn(server.url);
      const saved = await call(server.url, 'POST', '/api/admin/sms-settings', {
        cookie,
        body: {
          enabled: true,
          provider: 'twilio',
          baseUrl: twilio.url,
          accountSid: twilio.accountSid,
          token: twilio.authToken,
          from: '+5551400000000',
          dailyCap: 5,
        },
      });
      expect(saved.status, saved.text).toBe(200);
      twilio.refuse(true);
      const numbers = Array.from(
        { length: 20 },
        (_, i) => `+55519${engine === 'sqlite' ? 7 : 6}${String(1000000 + i)}`,
      );
      const started = Date.now();
      for (const number of numbers) {
        const filed = await fileRequest(server.url, { phone: number, notifySms: true });
        expect((filed as { smsQueued?: boolean }).smsQueued).toBe(true);
      }
      const filingMs = Date.now() - started;

      // Every text was tried and refused, and waits with its error for the retry.
      await until(() => twilio.refused >= 20, 20_000, '20 refused attempts');
      const waiting = async () =>
        Number(
          (
            await database.query<{ n: number | string }>(
              "select count(*) as n from channel_outbox where status = 'pending' and last_error is not null " +
                'and claimed_until is null',
            )
          )[0]?.n,
        );
      await until(async () => (await waiting()) === 20, 10_000, '20 texts waiting for their retry');
      expect(twilio.sent).toHaveLength(0);

      // A crash during the outage loses nothing; two instances take over.
      await server.kill9();
      twilio.refuse(false);
      // Slow answers (300 ms each): a round outlasts the next one's start, so the instances' rounds overlap.
      twilio.delayMs = 300;
      server = await startServer(database, { label: 'sms-outage-restart', dataDir: server.dataDir, env });
      second = await startServer(database, { label: 'sms-outage-second', env });
      // Nothing is due before the first retry's 30 s: two rounds each, nothing sent.
      await new Promise((r) => setTimeout(r, 4500));
      expect(twilio.sent).toHaveLength(0);
      writeFileSync(offsetFile, String(noon + FIRST_RETRY_MS + 1000));
      await until(() => twilio.sent.length >= 20, 15_000, '20 texts after the outage');
      // More rounds of both: nothing is sent twice.
      await new Promise((r) => setTimeout(r, 4500));
      expect(twilio.sent).toHaveLength(20);
      expect(new Set(twilio.sent.map((m) => m.to))).toEqual(new Set(numbers));
      const sent = await database.query<{ n: number | string }>(
        "select count(*) as n from channel_outbox where status = 'sent'",
      );
      expect(Number(sent[0]?.n)).toBe(20);
      record(
        `SMS outage [${engine}]: 20 requests asking for SMS filed in ${filingMs} ms while Twilio answered 503 ` +
          `(${twilio.refused} refusals), kill -9, two instances, then ${twilio.sent.length} texts, each once`,
      );
      expect((await call(server.url, 'GET', '/api/ready')).status).toBe(200);
    } finally {
      await second?.stop();
      await server.stop();
      await database.drop();
      await twilio.close();
      rmSync(clockDir, { recursive: true, force: true });
    }
  });
});
