// FAST_PATH on and off answer the same: two apps on two databases made alike, one with the
// hot path (prepared statements, grouped writes or batches, the tracking listener before
// Fastify) and one with FAST_PATH=off (the routes and Kysely), take the same public calls
// over real HTTP; every answer's status, headers and body bytes must match, and so must
// what they stored.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPole } from '../../test/citizen-poles.ts';
import { configureSmtp } from '../../test/email.ts';
import { type TestContext, testConfig } from '../../test/engines.ts';
import { validRequest } from '../../test/requests.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../test/test-databases.ts';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedExampleCompanies } from '../db/seed.ts';
import { manualClock } from '../lib/clock.ts';
import { createHotPath, type PublicRequestValues } from './hot-path.ts';

/** Headers that differ between any two answers, whoever sends them. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive']);

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

async function call(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, init);
  const headers = [...res.headers.entries()].filter(([name]) => !PER_ANSWER.has(name));
  return { status: res.status, headers, body: await res.text() };
}

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

for (const engine of ENGINES) {
  describe(`FAST_PATH on and off [${engine}]`, () => {
    const sides: { ctx: TestContext; base: string; database: TestDatabase }[] = [];
    beforeAll(async () => {
      const at = new Date('2026-11-25T12:00:00.000Z');
      for (const fast of ['on', 'off']) {
        const database = await createTestDatabase(engine, { migrated: true });
        const config = testConfig(database.url, { FAST_PATH: fast, RATE_LIMIT_LOOKUP_MAX: '1000' });
        const db = createDatabase(config.DATABASE_URL, { poolSize: 5 });
        await migrateToLatest(db);
        await seedExampleCompanies(db, at.toISOString());
        await db.updateTable('energyCompanies').set({ active: 0 }).where('id', '=', 3).execute();
        await insertPole(db, { companyId: 1, number: 'PA-1' });
        await insertPole(db, { companyId: 2, number: 'RGE-1' });
        const clock = manualClock(at);
        const app = await buildApp({ config, db, clock, logger: false });
        await app.listen({ port: 0, host: '127.0.0.1' });
        const ctx: TestContext = { engine, app, db, config, clock };
        await configureSmtp(ctx, { host: '127.0.0.1', port: 9 });
        sides.push({ ctx, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, database });
      }
    });
    afterAll(async () => {
      for (const { ctx, database } of sides) {
        ctx.app.server.closeAllConnections();
        await ctx.app.close();
        await ctx.db.destroy();
        await database.drop();
      }
    });

    it('answers every public call byte for byte the same, and stores the same rows', async () => {
      const both = async (path: string, init?: (side: number) => RequestInit) => {
        const [on, off] = await Promise.all(sides.map((side, i) => call(side.base, path, init?.(i))));
        expect(off, `${init?.(0).method ?? 'GET'} ${path}`).toEqual(on);
        return on as Answer;
      };
      const companies = await both('/api/energy-companies');
      expect(JSON.parse(companies.body).map((c: { id: number }) => c.id)).toEqual([1, 2]);

      const body = { ...validRequest, email: 'ana@example.com', name: 'Ana Souza' };
      const filed = await both('/api/repair-requests', () => post(body, { 'idempotency-key': 'same-key-0001' }));
      expect(filed.status).toBe(201);
      const { id, trackingToken } = JSON.parse(filed.body) as { id: number; trackingToken: string };
      // The replay of the key, the key with another body, a company that is not active, a bad body.
      expect((await both('/api/repair-requests', () => post(body, { 'idempotency-key': 'same-key-0001' }))).body).toBe(
        filed.body,
      );
      expect(
        (
          await both('/api/repair-requests', () =>
            post({ ...body, phone: '11988887777' }, { 'idempotency-key': 'same-key-0001' }),
          )
        ).status,
      ).toBe(409);
      expect((await both('/api/repair-requests', () => post({ ...body, company: '3' }))).status).toBe(400);
      expect((await both('/api/repair-requests', () => post({ ...body, phone: '' }))).status).toBe(400);
      // About a pole (1, company 1's), and about another company's pole (2).
      const aboutPole = await both('/api/repair-requests', () =>
        post({ ...body, pole: '1' }, { 'idempotency-key': 'about-pole-0001' }),
      );
      expect(aboutPole.status).toBe(201);
      expect((await both('/api/repair-requests', () => post({ ...body, pole: '2' }))).status).toBe(422);
      const poleTracking = await both(`/api/repair-requests/${JSON.parse(aboutPole.body).id}`);
      expect(JSON.parse(poleTracking.body)).toMatchObject({ poleNumber: 'PA-1', masked: true });
      expect((await both('/api/poles/1/pa-1')).status).toBe(200);
      // One after another: requests sent at once may reach the two servers in other orders
      // and take other numbers.
      for (const n of [1, 2, 3]) {
        const answer = await both('/api/repair-requests', () =>
          post({ ...body, address: `Rua ${n}` }, { 'idempotency-key': `one-after-another-${n}` }),
        );
        expect(answer.status).toBe(201);
      }

      // A double tap: the same key twice at once (on PostgreSQL's fast path, one batch) is
      // one request with one confirmation e-mail. The plain side, the reference, takes the two
      // one after the other: its two transactions at once race for the sequence's next number
      // (the loser's is skipped, on PostgreSQL), so its number could differ from the fast side's.
      const [on, off] = sides as [(typeof sides)[number], (typeof sides)[number]];
      const tap = () => post(body, { 'idempotency-key': 'double-tap-0001' });
      const [first, again] = await Promise.all([
        call(on.base, '/api/repair-requests', tap()),
        call(on.base, '/api/repair-requests', tap()),
      ]);
      const plainFirst = await call(off.base, '/api/repair-requests', tap());
      const plainAgain = await call(off.base, '/api/repair-requests', tap());
      expect(first?.status).toBe(201);
      expect(plainFirst).toEqual(first);
      expect(again?.body).toBe(first?.body);
      expect(plainAgain.body).toBe(first?.body);

      const whole = await both(`/api/repair-requests/${id}?t=${trackingToken}`);
      expect(JSON.parse(whole.body)).toMatchObject({ masked: false, email: 'ana@example.com' });
      expect(JSON.parse((await both(`/api/repair-requests/${id}`)).body)).toMatchObject({ masked: true });
      expect(JSON.parse((await both(`/api/repair-requests/${id}?t=wrong`)).body)).toMatchObject({ masked: true });
      expect((await both('/api/repair-requests/999999')).status).toBe(404);
      expect((await both('/api/repair-requests/0')).status).toBe(400);

      const stored = await Promise.all(
        sides.map(async ({ ctx }) => ({
          requests: await ctx.db.selectFrom('repairRequests').selectAll().orderBy('id').execute(),
          events: await ctx.db.selectFrom('requestEvents').selectAll().orderBy('id').execute(),
          emails: await ctx.db
            .selectFrom('emailOutbox')
            .select(['kind', 'toAddress', 'subject', 'textBody', 'htmlBody', 'requestId', 'status', 'nextAttemptAt'])
            .where('kind', '!=', 'test')
            .orderBy('id')
            .execute(),
        })),
      );
      expect(stored[0]?.requests).toHaveLength(6);
      expect(stored[0]?.requests.filter((r) => r.poleNumber === 'PA-1')).toHaveLength(1);
      expect(stored[0]?.emails).toHaveLength(6);
      expect(stored[1]).toEqual(stored[0]);
    });

    it('files a double tap (one key, twice in one instant) as one request with one e-mail, on both', async () => {
      for (const [i, { ctx }] of sides.entries()) {
        const hotPath = createHotPath(ctx.db, { fast: i === 0 });
        const values: PublicRequestValues = {
          name: 'Bia',
          email: 'bia@example.com',
          phone: '51998764321',
          address: 'Rua B, 2',
          reference: null,
          problemType: 'LIGHT_OUT',
          latitude: '-30.03',
          longitude: '-51.23',
          companyId: 1,
          poleId: null,
          poleNumber: null,
          district: null,
          city: null,
          areaRetryAt: null,
          language: 'pt',
          smsTo: null,
          whatsappTo: null,
          mediaUrl: null,
          trackingTokenHash: 'double-tap-token-hash',
          idempotencyKeyHash: 'double-tap-key-hash',
          idempotencyHash: 'double-tap-body-hash',
          createdAt: '2026-11-25T12:00:00.000Z',
        };
        let mails = 0;
        const confirmation = ({ id }: { id: number }) => {
          mails += 1;
          return {
            kind: 'confirmation',
            toAddress: 'bia@example.com',
            subject: 'Recebemos',
            textBody: 'text',
            htmlBody: '<p>html</p>',
            messageId: `<double-tap-${i}-${mails}@acende.test>`,
            requestId: id,
            adminId: null,
            createdAt: values.createdAt,
          };
        };
        // Asked for in the same turn: on PostgreSQL's fast path, one batch.
        const outcomes = await Promise.all([
          hotPath.fileRequest(values, confirmation),
          hotPath.fileRequest(values, confirmation),
        ]);
        const filed = outcomes.find((outcome) => typeof outcome !== 'string');
        expect(filed, JSON.stringify(outcomes)).toBeDefined();
        for (const outcome of outcomes) if (typeof outcome !== 'string') expect(outcome).toEqual(filed);
        const emails = await ctx.db
          .selectFrom('emailOutbox')
          .select('id')
          .where('requestId', '=', (filed as { id: number }).id)
          .execute();
        expect(emails, `FAST_PATH=${i === 0 ? 'on' : 'off'}`).toHaveLength(1);

        // Three filings of one instant, each with its own e-mail: each e-mail stored once, whole,
        // with its own request (on PostgreSQL's fast path, one insert for the batch's e-mails).
        const three = await Promise.all(
          [1, 2, 3].map((n) =>
            hotPath.fileRequest(
              {
                ...values,
                address: `Rua ${n}`,
                trackingTokenHash: `batch-${n}`,
                idempotencyKeyHash: `batch-key-${n}`,
                idempotencyHash: `batch-body-${n}`,
              },
              ({ id }) => ({
                kind: 'request_confirmation',
                toAddress: `filer${n}@example.com`,
                subject: `Pedido ${id}`,
                textBody: `Rua ${n}: ${id}`,
                htmlBody: `<p>${id}</p>`,
                messageId: `<batch-${i}-${n}@acende.test>`,
                requestId: id,
                adminId: null,
                createdAt: values.createdAt,
              }),
              // Its SMS confirmation too (issue 36), in the same transaction.
              ({ id }) => [
                {
                  channel: 'sms',
                  kind: 'request_confirmation',
                  requestId: id,
                  toAddress: `+555199876430${n}`,
                  body: `Acende: ${id} (${n})`,
                  language: n === 2 ? 'en' : 'pt',
                  createdAt: values.createdAt,
                },
              ],
            ),
          ),
        );
        const ids = three.map((outcome) => (outcome as { id: number }).id);
        const stored = await ctx.db
          .selectFrom('emailOutbox')
          .select(['toAddress', 'subject', 'textBody', 'htmlBody', 'messageId', 'requestId', 'status', 'attempts'])
          .where('requestId', 'in', ids)
          .orderBy('requestId')
          .execute();
        expect(stored).toEqual(
          ids
            .map((id, n) => ({
              toAddress: `filer${n + 1}@example.com`,
              subject: `Pedido ${id}`,
              textBody: `Rua ${n + 1}: ${id}`,
              htmlBody: `<p>${id}</p>`,
              messageId: `<batch-${i}-${n + 1}@acende.test>`,
              requestId: id,
              status: 'pending',
              attempts: 0,
            }))
            .sort((a, b) => a.requestId - b.requestId),
        );
        const texts = await ctx.db
          .selectFrom('channelOutbox')
          .select(['channel', 'kind', 'requestId', 'toAddress', 'body', 'language', 'status', 'nextAttemptAt'])
          .where('requestId', 'in', ids)
          .orderBy('requestId')
          .execute();
        expect(texts).toEqual(
          ids
            .map((id, n) => ({
              channel: 'sms',
              kind: 'request_confirmation',
              requestId: id,
              toAddress: `+555199876430${n + 1}`,
              body: `Acende: ${id} (${n + 1})`,
              language: n + 1 === 2 ? 'en' : 'pt',
              status: 'pending',
              nextAttemptAt: values.createdAt,
            }))
            .sort((a, b) => a.requestId - b.requestId),
        );
      }
    });
  });
}

for (const engine of ENGINES) {
  describe(`the hot path of an app built before its migrations run [${engine}]`, () => {
    it('prepares its statements on first use, so the app starts as main.ts starts it', async () => {
      const database = await createTestDatabase(engine, { migrated: true });
      const config = testConfig(database.url);
      const db = createDatabase(config.DATABASE_URL, { poolSize: 5 });
      // main.ts builds the app, then migrates: nothing may touch a table before that.
      const app = await buildApp({ config, db, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        await migrateToLatest(db);
        await seedExampleCompanies(db, new Date().toISOString());
        const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
        expect((await call(base, '/api/energy-companies')).status).toBe(200);
        const filed = await call(base, '/api/repair-requests', post(validRequest));
        expect(filed.status).toBe(201);
        const { id, trackingToken } = JSON.parse(filed.body) as { id: number; trackingToken: string };
        expect(JSON.parse((await call(base, `/api/repair-requests/${id}?t=${trackingToken}`)).body)).toMatchObject({
          id,
          masked: false,
        });
      } finally {
        app.server.closeAllConnections();
        await app.close();
        await db.destroy();
        await database.drop();
      }
    });
  });
}
