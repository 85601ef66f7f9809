import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { configureSmtp, drainOutbox, fileRequest } from '../../../test/email.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { requestBySchool } from '../../../test/requests.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { buildApp } from '../../app.ts';
import { GIVE_UP_AFTER_MS, MAX_RETRY_MS, nextAttemptAfterFailure } from '../../core/outbox/delivery-retry.ts';
import { claimDueEmails } from '../../core/outbox/outbox.repository.ts';
import { queueStatusUpdateEmail } from '../../core/outbox/outbox.service.ts';
import { createDatabase } from '../../db/database.ts';
import { manualClock } from '../../lib/clock.ts';
import { processOutboxOnce } from './outbox-worker.ts';

const env = { GEOCODER_URL: 'http://127.0.0.1:9' };
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${process.pid}-${++seq}@example.com`;

const outboxRows = (ctx: TestContext, to: string) =>
  ctx.db.selectFrom('emailOutbox').selectAll().where('toAddress', '=', to).execute();

describeEachEngine(
  'e-mail outbox: confirmations',
  (ctx) => {
    let smtp: SmtpCapture;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
    });
    afterAll(async () => {
      await smtp?.close();
    });

    it('queues nothing while e-mail is disabled (the default)', async () => {
      const to = uniqueEmail('disabled');
      const created = await fileRequest(ctx(), { email: to });
      expect(created).toMatchObject({ emailQueued: false });
      expect(await outboxRows(ctx(), to)).toEqual([]);
      expect(await processOutboxOnce(ctx().app.deps)).toEqual({ sent: 0, failed: 0 });
    });

    it('sends the confirmation in Portuguese with the tracking link and its token', async () => {
      await configureSmtp(ctx(), smtp);
      const to = uniqueEmail('pt');
      const created = await fileRequest(ctx(), { email: to }, 'pt');
      await drainOutbox(ctx());
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to));
      const link = `http://acende.test/track/${created.id}?t=${created.trackingToken}`;
      expect(mail.subject).toBe(`Solicitação nº ${created.id} recebida`);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).toContain('Olá, Maria da Silva!');
      expect(mail.text).toContain('Lâmpada apagada');
      expect(mail.text).toContain('Em frente à escola');
      expect(mail.headers.from).toContain('no-reply@acende.test');
      const [row] = await outboxRows(ctx(), to);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, requestId: created.id, kind: 'request_confirmation' });
      expect(mail.messageId).toBe(row?.messageId);
      // Once sent, the stored e-mail keeps no body: nothing in the database gives the token.
      expect(row).toMatchObject({ textBody: '', htmlBody: '' });
      const stored = await ctx().db.selectFrom('emailOutbox').select(['textBody', 'htmlBody', 'subject']).execute();
      expect(stored.filter((r) => Object.values(r).some((v) => v.includes(created.trackingToken)))).toEqual([]);

      // The link really opens the request with full contact details.
      const tracked = await ctx().app.inject({
        url: `/api/repair-requests/${created.id}?t=${encodeURIComponent(created.trackingToken)}`,
      });
      expect(tracked.json()).toMatchObject({ masked: false, email: to });
    });

    it('writes the confirmation in English when the citizen used English', async () => {
      await configureSmtp(ctx(), smtp);
      const to = uniqueEmail('en');
      const created = await fileRequest(ctx(), { email: to, name: 'John Smith' }, 'en');
      await drainOutbox(ctx());
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to));
      expect(mail.subject).toBe(`Request no. ${created.id} received`);
      expect(mail.text).toContain('Hello, John Smith!');
      expect(mail.text).toContain('Light Out');
      expect(mail.text).toContain(`http://acende.test/track/${created.id}?t=${created.trackingToken}`);
    });

    it('tells the filer whether a confirmation was queued: sending on and an address given, the same on a replay', async () => {
      const file = (email: string, key: string) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/repair-requests',
          payload: { ...requestBySchool, email },
          headers: { 'idempotency-key': key },
        });
      const tag = `${process.pid}-${++seq}`;
      await configureSmtp(ctx(), smtp, { enabled: false });
      const off = uniqueEmail('flag-off');
      expect((await file(off, `flag-off-${tag}`)).json()).toMatchObject({ emailQueued: false });
      await configureSmtp(ctx(), smtp);
      const on = uniqueEmail('flag-on');
      const first = (await file(on, `flag-on-${tag}`)).json();
      expect(first).toMatchObject({ emailQueued: true });
      expect(await outboxRows(ctx(), on)).toHaveLength(1);
      // A retry of the same key answers the same, without a second e-mail.
      expect((await file(on, `flag-on-${tag}`)).json()).toEqual(first);
      expect(await outboxRows(ctx(), on)).toHaveLength(1);
      expect((await file('', `flag-none-${tag}`)).json()).toMatchObject({ emailQueued: false });
      // A retry of a request filed while sending was off still says no e-mail went out.
      expect((await file(off, `flag-off-${tag}`)).json()).toMatchObject({ emailQueued: false });
    });

    it('sends nothing for a request without an e-mail', async () => {
      await configureSmtp(ctx(), smtp);
      const before = await ctx().db.selectFrom('emailOutbox').select('id').execute();
      await fileRequest(ctx(), { email: '' });
      const after = await ctx().db.selectFrom('emailOutbox').select('id').execute();
      expect(after.length).toBe(before.length);
    });

    it('keeps a name with line breaks and markup harmless: no added header, no added recipient, escaped HTML', async () => {
      await configureSmtp(ctx(), smtp);
      const to = uniqueEmail('inject');
      const name = 'Eve\r\nBcc: victim@evil.test\r\nSubject: hacked <script>alert(1)</script>';
      await fileRequest(ctx(), { email: to, name });
      await drainOutbox(ctx());
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to));
      expect(mail.envelopeTo).toEqual([to]);
      expect(mail.headers.bcc).toBeUndefined();
      expect(mail.subject).not.toContain('hacked');
      const headerBlock = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
      expect(headerBlock).not.toMatch(/^Bcc:/im);
      expect(headerBlock).not.toMatch(/^Subject: hacked/im);
      expect(headerBlock.match(/^Subject:/gim)).toHaveLength(1);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(smtp.messages.some((m) => m.envelopeTo.includes('victim@evil.test'))).toBe(false);
    });

    it('files 20 requests while SMTP refuses everything, then sends exactly 20 confirmations, none twice', async () => {
      await configureSmtp(ctx(), smtp);
      smtp.refuse(true);
      const tag = `burst-${process.pid}-${++seq}`;
      const addresses = Array.from({ length: 20 }, (_, i) => `${tag}-${i}@example.com`);
      const started = Date.now();
      for (const to of addresses) await fileRequest(ctx(), { email: to });
      // Filing was not slowed by the SMTP trouble (no sending happens on the request path).
      expect(Date.now() - started).toBeLessThan(15_000);

      const failedRound = await processOutboxOnce(ctx().app.deps);
      expect(failedRound.sent).toBe(0);
      expect(failedRound.failed).toBeGreaterThanOrEqual(20);
      const pending = await ctx()
        .db.selectFrom('emailOutbox')
        .selectAll()
        .where('toAddress', 'like', `${tag}-%`)
        .execute();
      expect(pending).toHaveLength(20);
      for (const row of pending) {
        expect(row.status).toBe('pending');
        expect(row.lastError).toMatch(/451|try again/i);
        // First retry within a minute.
        const wait = new Date(row.nextAttemptAt).getTime() - ctx().clock.now().getTime();
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(60_000);
      }
      // Not due yet: nothing is tried again before the backoff.
      expect((await processOutboxOnce(ctx().app.deps)).failed).toBe(0);

      smtp.refuse(false);
      ctx().clock.advance(61_000);
      await drainOutbox(ctx());
      const received = smtp.messages.filter((m) => m.envelopeTo.some((to) => to.startsWith(`${tag}-`)));
      expect(received).toHaveLength(20);
      expect(new Set(received.map((m) => m.envelopeTo[0])).size).toBe(20);
      expect(new Set(received.map((m) => m.messageId)).size).toBe(20);
      // A later round sends nothing again.
      await drainOutbox(ctx());
      expect(smtp.messages.filter((m) => m.envelopeTo.some((to) => to.startsWith(`${tag}-`)))).toHaveLength(20);
    });

    it('sends after a restart what was committed before the crash, including a row claimed but never finished', async () => {
      await configureSmtp(ctx(), smtp);
      const first = uniqueEmail('crash-a');
      const second = uniqueEmail('crash-b');
      await fileRequest(ctx(), { email: first });
      await fileRequest(ctx(), { email: second });
      // The old instance claimed one row and died before sending or marking it.
      const now = ctx().clock.now();
      const claimed = await claimDueEmails(
        ctx().db,
        now.toISOString(),
        new Date(now.getTime() + 5 * 60_000).toISOString(),
        1,
      );
      expect(claimed).toHaveLength(1);

      // A new instance on the same database.
      const db = createDatabase(ctx().config.DATABASE_URL, { poolSize: 2 });
      const clock = manualClock(ctx().clock.now());
      const restarted = await buildApp({ config: ctx().config, db, clock, logger: false });
      try {
        await drainOutbox({ app: restarted });
        const unclaimed = claimed[0]?.toAddress === first ? second : first;
        await smtp.waitFor((m) => m.envelopeTo.includes(unclaimed));
        expect(smtp.messages.some((m) => m.envelopeTo.includes(claimed[0]?.toAddress as string))).toBe(false);
        // Once the dead instance's lease runs out, its row is sent too, exactly once.
        clock.advance(5 * 60_000 + 1000);
        await drainOutbox({ app: restarted });
        await smtp.waitFor((m) => m.envelopeTo.includes(claimed[0]?.toAddress as string));
        for (const to of [first, second]) {
          expect(smtp.messages.filter((m) => m.envelopeTo.includes(to))).toHaveLength(1);
        }
      } finally {
        await restarted.close();
        await db.destroy();
      }
    });

    it('lets two workers share the outbox: each e-mail is sent exactly once (SKIP LOCKED on PostgreSQL)', async () => {
      await configureSmtp(ctx(), smtp);
      const tag = `pair-${process.pid}-${++seq}`;
      for (let i = 0; i < 24; i++) await fileRequest(ctx(), { email: `${tag}-${i}@example.com` });
      const db = createDatabase(ctx().config.DATABASE_URL, { poolSize: 2 });
      const other = await buildApp({ config: ctx().config, db, clock: ctx().clock, logger: false });
      try {
        const [a, b] = await Promise.all([processOutboxOnce(ctx().app.deps), processOutboxOnce(other.deps)]);
        expect(a.sent + b.sent).toBe(24);
        expect(a.failed + b.failed).toBe(0);
        if (ctx().engine === 'postgres') {
          expect(a.sent).toBeGreaterThan(0);
          expect(b.sent).toBeGreaterThan(0);
        }
      } finally {
        await other.close();
        await db.destroy();
      }
      const received = smtp.messages.filter((m) => m.envelopeTo.some((to) => to.startsWith(`${tag}-`)));
      expect(received).toHaveLength(24);
      expect(new Set(received.map((m) => m.envelopeTo[0])).size).toBe(24);
    });

    it('never hands the same row to two concurrent claims', async () => {
      // Rows written directly: e-mail on or off does not matter to the claim itself.
      const now = ctx().clock.now().toISOString();
      const tag = `claim-${process.pid}-${++seq}`;
      for (let i = 0; i < 30; i++) {
        await ctx()
          .db.insertInto('emailOutbox')
          .values({
            kind: 'request_confirmation',
            toAddress: `${tag}-${i}@example.com`,
            subject: 's',
            textBody: 't',
            htmlBody: 'h',
            messageId: `<${tag}-${i}@acende.test>`,
            nextAttemptAt: now,
            createdAt: now,
          })
          .execute();
      }
      const db = createDatabase(ctx().config.DATABASE_URL, { poolSize: 4 });
      try {
        const lease = new Date(ctx().clock.now().getTime() + 60_000).toISOString();
        const claims = await Promise.all(
          Array.from({ length: 12 }, (_, i) => claimDueEmails(i % 2 ? db : ctx().db, now, lease, 3)),
        );
        const ids = claims
          .flat()
          .filter((row) => row.toAddress.startsWith(tag))
          .map((row) => row.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const claim of claims) expect(claim.length).toBeLessThanOrEqual(3);
      } finally {
        await db.destroy();
        // Leave nothing due for the tests that follow.
        await ctx().db.deleteFrom('emailOutbox').where('toAddress', 'like', `${tag}-%`).execute();
      }
    });

    it('gives up after 24 hours of failures and keeps the last error', async () => {
      await configureSmtp(ctx(), smtp);
      smtp.refuse(true);
      try {
        const to = uniqueEmail('giveup');
        await fileRequest(ctx(), { email: to });
        const delays: number[] = [];
        for (let round = 0; round < 200; round++) {
          const [row] = await outboxRows(ctx(), to);
          if (row?.status !== 'pending') break;
          const wait = Math.max(0, new Date(row.nextAttemptAt).getTime() - ctx().clock.now().getTime());
          if (round > 0) delays.push(wait);
          ctx().clock.advance(wait);
          await processOutboxOnce(ctx().app.deps);
        }
        const [row] = await outboxRows(ctx(), to);
        expect(row?.status).toBe('failed');
        expect(row?.lastError).toMatch(/451/);
        expect(new Date(row?.createdAt as string).getTime() + GIVE_UP_AFTER_MS).toBeLessThanOrEqual(
          ctx().clock.now().getTime(),
        );
        expect(delays[0]).toBeLessThanOrEqual(60_000);
        expect(Math.max(...delays)).toBe(MAX_RETRY_MS);
      } finally {
        smtp.refuse(false);
      }
    });

    it('e-mails the citizen when an operator changes the status (PATCH), with the notes', async () => {
      await configureSmtp(ctx(), smtp);
      const to = uniqueEmail('patch');
      const created = await fileRequest(ctx(), { email: to, name: 'Paulo' }, 'pt');
      const operator = await signedIn(ctx(), { role: 'user' });
      const detail = await ctx().app.inject({
        url: `/api/admin/repair-requests/${created.id}`,
        headers: operator.headers,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      const patch = await ctx().app.inject({
        method: 'PATCH',
        url: `/api/admin/repair-requests/${created.id}`,
        headers: operator.headers,
        payload: { status: 'completed', notes: 'Lâmpada trocada', updatedAt: detail.json().updatedAt },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      await drainOutbox(ctx());
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to) && m.subject.includes('Concluída'));
      expect(mail.subject).toBe(`Solicitação nº ${created.id}: Concluída`);
      expect(mail.text).toContain('Olá, Paulo!');
      expect(mail.text).toContain('Lâmpada trocada');
      // The tracking link without the token: nothing stored can rebuild it (migration 0019);
      // the confirmation e-mail and the success screen carry it.
      expect(mail.text).toContain(`http://acende.test/track/${created.id}`);
      expect(mail.text).not.toContain(created.trackingToken);
      expect(mail.text).not.toContain('?t=');
    });

    it('queues a status-update notice in the request language, only when the status changed', async () => {
      await configureSmtp(ctx(), smtp);
      const to = uniqueEmail('status');
      const created = await fileRequest(ctx(), { email: to, name: 'Ana' }, 'en');
      await drainOutbox(ctx());
      const request = { id: created.id, name: 'Ana', email: to, language: 'en' };
      const deps = ctx().app.deps;
      const same = await ctx()
        .db.transaction()
        .execute((trx) =>
          queueStatusUpdateEmail(trx, deps, request, { fromStatus: 'open', toStatus: 'open', notes: null }),
        );
      expect(same).toBe(false);
      const queued = await ctx()
        .db.transaction()
        .execute((trx) =>
          queueStatusUpdateEmail(trx, deps, request, {
            fromStatus: 'open',
            toStatus: 'in_progress',
            notes: 'Team on the way <b>today</b>',
          }),
        );
      expect(queued).toBe(true);
      await drainOutbox(ctx());
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to) && m.subject.includes('In Progress'));
      expect(mail.subject).toBe(`Request no. ${created.id}: In Progress`);
      expect(mail.text).toContain('Team on the way <b>today</b>');
      expect(mail.html).toContain('Team on the way &lt;b&gt;today&lt;/b&gt;');
      expect(mail.text).toContain(`http://acende.test/track/${created.id}`);
    });
  },
  { env },
);

describeEachEngine('e-mail outbox: backoff', () => {
  it('retries within a minute first, doubling up to 30 minutes, and stops at 24 hours', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
    expect(nextAttemptAfterFailure(1, created, created)?.getTime()).toBe(created.getTime() + 30_000);
    expect(nextAttemptAfterFailure(2, created, at(1))?.getTime()).toBe(at(2).getTime());
    expect(nextAttemptAfterFailure(10, created, at(60))?.getTime()).toBe(at(90).getTime());
    expect(nextAttemptAfterFailure(60, created, at(24 * 60 - 5))?.getTime()).toBe(at(24 * 60).getTime());
    expect(nextAttemptAfterFailure(61, created, at(24 * 60))).toBeNull();
  });
});
