// Status in (decision 0066), once per Idempotency-Key on both engines: a retry replays the
// first answer even after later changes, another change under the key is a 422, keys are per
// integration key, 20 concurrent duplicates and two instances on one database make one change,
// a refused change stores nothing; each key has its own limit.
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { configureSmtp, fileRequest } from '../../../test/email.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { eventsOf, issueKey, readAsSystem, sendChange, snapshot, statusEmailsOf } from './integration.test-support.ts';

describeEachEngine('status in: once per Idempotency-Key', (ctx) => {
  let smtp: SmtpCapture;
  let admin: TestAccount;
  let ceee: { id: number; key: string };
  let other: { id: number; key: string };
  let certel: { id: number; key: string };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    admin = await configureSmtp(ctx(), smtp);
    ceee = await issueKey(ctx(), admin, 1, 'SAP PM');
    other = await issueKey(ctx(), admin, 1, 'Campo CEEE');
    certel = await issueKey(ctx(), admin, 2, 'Campo Certel');
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('replays the first answer, even after later changes, without a second event, e-mail or audit row', async () => {
    const id = (await fileRequest(ctx())).id;
    const body = { status: 'in_progress', notes: 'Equipe a caminho' };
    const first = await sendChange(ctx(), ceee.key, id, body, { idempotencyKey: 'ordem-1' });
    expect(first.statusCode, first.body).toBe(200);
    ctx().clock.advance(1000);
    expect((await sendChange(ctx(), ceee.key, id, { status: 'completed' })).statusCode).toBe(200);
    const before = await snapshot(ctx(), [id]);
    for (const language of ['pt', 'en']) {
      const again = await sendChange(ctx(), ceee.key, id, body, { idempotencyKey: 'ordem-1', language });
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.body).toBe(first.body);
    }
    expect(await snapshot(ctx(), [id])).toEqual(before);
    expect((await readAsSystem(ctx(), ceee.key, id)).json().status).toBe('completed');
  });

  it('never brings back an anonymised address: a replay after anonymising reads the request as it is now', async () => {
    const address = 'Rua dos Andradas, 1234 - apto 502, Porto Alegre';
    const id = (await fileRequest(ctx(), { address })).id;
    const body = { status: 'in_progress' };
    const first = await sendChange(ctx(), ceee.key, id, body, { idempotencyKey: 'ordem-anon' });
    expect(first.json().address).toContain('1234');
    const anonymised = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/anonymize`,
      headers: admin.headers,
    });
    expect(anonymised.statusCode, anonymised.body).toBe(200);
    const now = (await readAsSystem(ctx(), ceee.key, id)).json();
    expect(now.address).not.toContain('1234');
    const again = await sendChange(ctx(), ceee.key, id, body, { idempotencyKey: 'ordem-anon' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(now);
    const stored = await ctx()
      .db.selectFrom('integrationChanges')
      .select('answer')
      .where('requestId', '=', id)
      .execute();
    expect(stored.map((row) => row.answer).join('')).not.toContain('1234');
  });

  it('refuses the same key with another body or request (422); other keys keep their own Idempotency-Keys', async () => {
    const [id, second] = [(await fileRequest(ctx())).id, (await fileRequest(ctx())).id];
    expect(
      (await sendChange(ctx(), ceee.key, id, { notes: 'Primeira' }, { idempotencyKey: 'k-shared' })).statusCode,
    ).toBe(200);
    const before = await snapshot(ctx(), [id, second]);
    for (const [target, body, language, words] of [
      [id, { notes: 'Outra' }, 'pt', 'Esta Idempotency-Key já foi usada'],
      [second, { notes: 'Primeira' }, 'en', 'This Idempotency-Key was already used'],
      [id, { notes: 'Primeira', status: 'open' }, 'en', 'This Idempotency-Key was already used'],
    ] as const) {
      const res = await sendChange(ctx(), ceee.key, target, body, { idempotencyKey: 'k-shared', language });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toContain(words);
    }
    expect(await snapshot(ctx(), [id, second])).toEqual(before);
    // Another key of the same company, and another company's key, start afresh.
    const sameCompany = await sendChange(ctx(), other.key, id, { notes: 'Outra' }, { idempotencyKey: 'k-shared' });
    expect(sameCompany.statusCode, sameCompany.body).toBe(200);
    const certelId = (await fileRequest(ctx(), { company: '2' })).id;
    const otherCompany = await sendChange(
      ctx(),
      certel.key,
      certelId,
      { notes: 'Outra' },
      { idempotencyKey: 'k-shared' },
    );
    expect(otherCompany.statusCode, otherCompany.body).toBe(200);
  });

  it('stores nothing for a refused change: a retry under the key is judged afresh', async () => {
    const id = (await fileRequest(ctx())).id;
    const read = (await readAsSystem(ctx(), ceee.key, id)).json();
    expect((await sendChange(ctx(), ceee.key, id, { notes: 'Antes' })).statusCode).toBe(200);
    const before = await snapshot(ctx(), [id]);
    const body = { status: 'completed', updatedAt: read.updatedAt };
    const stale = await sendChange(ctx(), ceee.key, id, body, { idempotencyKey: 'retry-me' });
    expect(stale.statusCode).toBe(409);
    const unknown = await sendChange(ctx(), ceee.key, 99_999_999, { notes: 'x' }, { idempotencyKey: 'retry-404' });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot(ctx(), [id])).toEqual(before);
    const fresh = { status: 'completed', updatedAt: (await readAsSystem(ctx(), ceee.key, id)).json().updatedAt };
    const retried = await sendChange(ctx(), ceee.key, id, fresh, { idempotencyKey: 'retry-me' });
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('makes one change of 20 concurrent identical calls: one event, one e-mail, one audit row', async () => {
    const id = (await fileRequest(ctx())).id;
    const events = (await eventsOf(ctx(), id)).length;
    const before = await snapshot(ctx(), [id]);
    const body = { status: 'completed', notes: 'Reparo concluído' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sendChange(ctx(), ceee.key, id, body, { idempotencyKey: 'burst' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await eventsOf(ctx(), id)).toHaveLength(events + 1);
    expect(await statusEmailsOf(ctx(), id)).toHaveLength(1);
    const after = await snapshot(ctx(), [id]);
    expect(after.audit).toBe(before.audit + 1);
    expect(after.changes).toBe(before.changes + 1);
  });

  it('makes one change across two instances on one database', async () => {
    const id = (await fileRequest(ctx())).id;
    const events = (await eventsOf(ctx(), id)).length;
    const db = createDatabase(ctx().config.DATABASE_URL, { poolSize: 5 });
    const second = await buildApp({ config: ctx().config, db, clock: ctx().clock, logger: false });
    await second.ready();
    try {
      const body = { status: 'in_progress', notes: 'Duas instâncias' };
      const call = (i: number) =>
        sendChange(ctx(), ceee.key, id, body, { idempotencyKey: 'twin', app: i % 2 ? second : ctx().app });
      // PostgreSQL: all at once, the claim's unique key holding the others until the first ends.
      // SQLite is one instance (decision 0014): its writer lock would stall the other in this process, so in turns.
      const answers =
        ctx().engine === 'postgres'
          ? await Promise.all(Array.from({ length: 20 }, (_, i) => call(i)))
          : await Array.from({ length: 6 }, (_, i) => i).reduce(
              async (done, i) => [...(await done), await call(i)],
              Promise.resolve([] as Awaited<ReturnType<typeof call>>[]),
            );
      expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
      expect(answers[0]?.statusCode).toBe(200);
      expect(await eventsOf(ctx(), id)).toHaveLength(events + 1);
      expect(await statusEmailsOf(ctx(), id)).toHaveLength(1);
    } finally {
      await second.close();
      await db.destroy();
    }
  });
});

describeEachEngine(
  'status in: the limit per key',
  (ctx) => {
    it('answers 429 with Retry-After past the key limit; another key goes on', async () => {
      const admin = await signedIn(ctx(), { role: 'admin' });
      const [first, second] = [await issueKey(ctx(), admin, 1), await issueKey(ctx(), admin, 1)];
      const id = (await fileRequest(ctx())).id;
      for (let i = 0; i < 3; i++) expect((await readAsSystem(ctx(), first.key, id)).statusCode).toBe(200);
      const limited = await sendChange(ctx(), first.key, id, { notes: 'x' }, { language: 'en' });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(typeof limited.json().message).toBe('string');
      // The route's limit per address counts too: the other key calls from elsewhere.
      const elsewhere = await ctx().app.inject({
        url: `/api/integration/v1/requests/${id}`,
        headers: { authorization: `Bearer ${second.key}` },
        remoteAddress: '203.0.113.9',
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      const sameKeyElsewhere = await ctx().app.inject({
        url: `/api/integration/v1/requests/${id}`,
        headers: { authorization: `Bearer ${first.key}` },
        remoteAddress: '203.0.113.10',
      });
      expect(sameKeyElsewhere.statusCode).toBe(429);
    });

    it('counts callers with a wrong key or none by their address too: a 429 after the limit', async () => {
      const guess = (key: string) =>
        ctx().app.inject({
          url: '/api/integration/v1/requests/1',
          headers: key ? { authorization: `Bearer ${key}` } : {},
          remoteAddress: '203.0.113.77',
        });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await guess(i % 2 ? '' : `acende_int_guess${i}`)).statusCode);
      expect(answers).toEqual([401, 401, 401, 429, 429]);
    });
  },
  { env: { RATE_LIMIT_INTEGRATION_MAX: '3' } },
);
