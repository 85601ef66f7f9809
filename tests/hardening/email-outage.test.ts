// Item 4 of issue 9 (decision 0002 §15) against the built server as a process: while the SMTP
// server refuses everything, requests are still filed at full speed and their e-mails
// wait in the outbox, surviving even a kill -9 of the server; when SMTP comes back each
// e-mail is sent exactly once. The restarted server's clock runs past the first retry's 30 s
// backoff (TEST_CLOCK_OFFSET_FILE) instead of the test waiting for it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS } from '../../apps/api/src/core/outbox/delivery-retry.ts';
import { startSmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { call, fileRequest, signIn } from '../support/client.ts';
import { createDatabase, ENGINES, startServer } from '../support/server.ts';
import { configureSmtp } from '../support/smtp.ts';
import { record } from '../support/summary.ts';

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe.concurrent.each(ENGINES)('e-mail outage [%s]', (engine) => {
  it('files requests while SMTP refuses, keeps the e-mails across kill -9, then sends each exactly once', async () => {
    const smtp = await startSmtpCapture();
    const database = await createDatabase(engine);
    const clockDir = mkdtempSync(join(tmpdir(), 'acende-outage-clock-'));
    const offsetFile = join(clockDir, 'offset');
    writeFileSync(offsetFile, '0');
    let server = await startServer(database, { label: 'email-outage' });
    try {
      await configureSmtp(server.url, await signIn(server.url), smtp);
      smtp.refuse(true);
      const tag = `outage-${engine}-${process.pid}`;
      const addresses = Array.from({ length: 20 }, (_, i) => `${tag}-${i}@example.com`);
      const started = Date.now();
      for (const email of addresses) await fileRequest(server.url, { email });
      const filingMs = Date.now() - started;
      expect(filingMs).toBeLessThan(10_000);

      // The worker tried and was refused; every e-mail waits in the outbox.
      await until(() => smtp.refused >= 20, 20_000, '20 refused attempts');
      // Each failure is written back (error, next attempt, claim released) just after the
      // refusal: wait for all 20, so the crash below meets no e-mail still claimed. (One
      // claimed by a crashed server waits for its 5-minute lease: late, never lost.)
      const waiting = async () =>
        Number(
          (
            await database.query<{ n: number | string }>(
              "select count(*) as n from email_outbox where status = 'pending' and to_address like ? " +
                'and last_error is not null and claimed_until is null',
              [`${tag}-%`],
            )
          )[0]?.n,
        );
      await until(async () => (await waiting()) === 20, 10_000, '20 e-mails waiting for their retry');
      expect(smtp.messages).toHaveLength(0);

      // A crash during the outage loses nothing.
      await server.kill9();
      smtp.refuse(false);
      const mine = () => smtp.messages.filter((m) => m.envelopeTo.some((to) => to.startsWith(`${tag}-`)));
      // Nothing is due before the first retry, 30 s after the refusal (backoff): the restarted
      // server starts with its clock as ours, runs a round, and sends nothing.
      server = await startServer(database, {
        label: 'email-outage-restart',
        dataDir: server.dataDir,
        env: { TEST_CLOCK_OFFSET_FILE: offsetFile },
      });
      // The outbox worker runs a round every 2 s (main.ts).
      await new Promise((r) => setTimeout(r, 2500));
      expect(mine()).toHaveLength(0);
      // Then its clock passes the backoff, and everything goes.
      writeFileSync(offsetFile, String(FIRST_RETRY_MS + 1000));
      // Well inside the backoff's 30 s of real time: it is the moved clock that sends them.
      await until(() => mine().length >= 20, 15_000, '20 e-mails after the outage');
      // Two more worker rounds: nothing is sent twice.
      await new Promise((r) => setTimeout(r, 4500));
      const received = mine();
      expect(received).toHaveLength(20);
      expect(new Set(received.map((m) => m.envelopeTo[0])).size).toBe(20);
      expect(new Set(received.map((m) => m.messageId)).size).toBe(20);
      const sent = await database.query<{ n: number | string }>(
        "select count(*) as n from email_outbox where status = 'sent' and to_address like ?",
        [`${tag}-%`],
      );
      expect(Number(sent[0]?.n)).toBe(20);
      record(
        `e-mail outage [${engine}]: 20 requests filed in ${filingMs} ms while SMTP refused (${smtp.refused} refusals), ` +
          `kill -9 and restart, then ${received.length} e-mails, each once`,
      );
      expect((await call(server.url, 'GET', '/api/ready')).status).toBe(200);
    } finally {
      await server.stop();
      await database.drop();
      await smtp.close();
      rmSync(clockDir, { recursive: true, force: true });
    }
  });
});
