// Issue 36's reliability for SMS, WhatsApp and browser push, against the built server as a
// process and stand-ins for Twilio's Messages API, Meta's WhatsApp Cloud API and a browser's
// push service: while all three answer 503, requests that ask for SMS and WhatsApp are filed at
// full speed, a browser subscribes to each, an operator moves each on, and their messages wait
// in the outbox, surviving a kill -9; when the providers are back, two instances on the one
// database send each message exactly once. The servers' clock is moved to
// noon in Porto Alegre (outside the quiet hours) and then past the first retry's backoff
// (TEST_CLOCK_OFFSET_FILE) instead of the test waiting for either.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS } from '../../apps/api/src/core/outbox/delivery-retry.ts';
import { acendeTemplates, startFakeMetaWhatsapp } from '../../apps/api/test/fake-meta-whatsapp.ts';
import { startFakePushService } from '../../apps/api/test/fake-push-service.ts';
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

describe.concurrent.each(ENGINES)('SMS, WhatsApp and push outage [%s]', (engine) => {
  it('files while the providers answer 503, keeps the messages across kill -9, then two instances send each once', async () => {
    const twilio = await startFakeTwilio();
    const meta = await startFakeMetaWhatsapp(acendeTemplates());
    const push = await startFakePushService();
    const database = await createDatabase(engine);
    const clockDir = mkdtempSync(join(tmpdir(), 'acende-sms-outage-clock-'));
    const offsetFile = join(clockDir, 'offset');
    const noon = toNoon();
    writeFileSync(offsetFile, String(noon));
    // Instances of one service share APP_SECRET, which seals the provider's token.
    const env = {
      TEST_CLOCK_OFFSET_FILE: offsetFile,
      APP_SECRET: `sms-outage-${'s'.repeat(40)}`,
      // The local push service is on 127.0.0.1 with its own certificate.
      PUSH_EXTRA_HOSTS: '127.0.0.1',
      TEST_PUSH_CA_FILE: push.caFile,
    };
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
      const whatsapp = await call(server.url, 'POST', '/api/admin/whatsapp-settings', {
        cookie,
        body: {
          enabled: true,
          baseUrl: meta.url,
          apiVersion: meta.apiVersion,
          phoneNumberId: meta.phoneNumberId,
          accessToken: meta.accessToken,
          appSecret: meta.appSecret,
          dailyCap: 5,
        },
      });
      expect(whatsapp.status, whatsapp.text).toBe(200);
      twilio.refuse(true);
      meta.refuse(true);
      const numbers = Array.from(
        { length: 20 },
        (_, i) => `+55519${engine === 'sqlite' ? 7 : 6}${String(1000000 + i)}`,
      );
      const started = Date.now();
      const endpoints: string[] = [];
      for (const number of numbers) {
        const filed = await fileRequest(server.url, { phone: number, notifySms: true, notifyWhatsapp: true });
        expect(filed).toMatchObject({ smsQueued: true, whatsappQueued: true });
        const browser = push.subscribe();
        const subscribed = await call(
          server.url,
          'POST',
          `/api/repair-requests/${filed.id}/push-subscriptions?t=${encodeURIComponent(filed.trackingToken)}`,
          { body: browser },
        );
        expect(subscribed.status, subscribed.text).toBeLessThan(300);
        push.answerNext(browser.endpoint, { status: 503 });
        endpoints.push(browser.endpoint);
        const read = await call(server.url, 'GET', `/api/admin/repair-requests/${filed.id}`, { cookie });
        const moved = await call(server.url, 'PATCH', `/api/admin/repair-requests/${filed.id}`, {
          cookie,
          body: { status: 'in_progress', updatedAt: (read.json as { updatedAt: string }).updatedAt },
        });
        expect(moved.status, moved.text).toBe(200);
      }
      const filingMs = Date.now() - started;

      // Every message was tried and refused, and waits with its error for the retry.
      await until(() => twilio.refused >= 40 && meta.refused >= 40, 20_000, '80 refused attempts');
      const waiting = async () =>
        Number(
          (
            await database.query<{ n: number | string }>(
              "select count(*) as n from channel_outbox where status = 'pending' and last_error is not null " +
                'and claimed_until is null',
            )
          )[0]?.n,
        );
      await until(async () => (await waiting()) === 100, 10_000, '100 messages waiting for their retry');
      expect(twilio.sent).toHaveLength(0);
      expect(meta.sent).toHaveLength(0);

      // A crash during the outage loses nothing; two instances take over.
      await server.kill9();
      twilio.refuse(false);
      meta.refuse(false);
      // Slow answers (300 ms each): a round outlasts the next one's start, so the instances' rounds overlap.
      twilio.delayMs = 300;
      meta.delayMs = 300;
      server = await startServer(database, { label: 'sms-outage-restart', dataDir: server.dataDir, env });
      second = await startServer(database, { label: 'sms-outage-second', env });
      // Nothing is due before the first retry's 30 s: two rounds each, nothing sent.
      await new Promise((r) => setTimeout(r, 4500));
      expect(twilio.sent.length + meta.sent.length + push.received.length).toBe(0);
      writeFileSync(offsetFile, String(noon + FIRST_RETRY_MS + 1000));
      await until(
        () => twilio.sent.length >= 40 && meta.sent.length >= 40 && push.received.length >= 20,
        30_000,
        '100 messages after the outage',
      );
      // More rounds of both: nothing is sent twice.
      await new Promise((r) => setTimeout(r, 4500));
      expect(twilio.sent).toHaveLength(40);
      expect(new Set(twilio.sent.map((m) => m.to))).toEqual(new Set(numbers));
      expect(meta.sent).toHaveLength(40);
      expect(new Set(meta.sent.map((m) => `+${m.to}`))).toEqual(new Set(numbers));
      expect(push.received).toHaveLength(20);
      expect(new Set(push.received.map((p) => p.endpoint))).toEqual(new Set(endpoints));
      const sent = await database.query<{ n: number | string }>(
        "select count(*) as n from channel_outbox where status = 'sent'",
      );
      expect(Number(sent[0]?.n)).toBe(100);
      record(
        `Notices outage [${engine}]: 20 requests asking for SMS and WhatsApp filed, subscribed and moved on in ` +
          `${filingMs} ms while the providers answered 503, kill -9, two instances, then ${twilio.sent.length} ` +
          `texts, ${meta.sent.length} WhatsApp messages and ${push.received.length} browser notices, each once`,
      );
      expect((await call(server.url, 'GET', '/api/ready')).status).toBe(200);
    } finally {
      await second?.stop();
      await server.stop();
      await database.drop();
      await twilio.close();
      await meta.close();
      await push.close();
      rmSync(clockDir, { recursive: true, force: true });
    }
  });
});
