// Issue 24, retention (decision 0027): the sweep anonymises exactly the requests closed
// longer ago than the setting, once (a second run, or a second instance running at the same
// time, changes nothing more), keeps the request, its history and the public tracking
// answer; the audit log loses only rows past its own retention; an admin anonymises one
// request on demand, audited; the settings are admin-only and audited.
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext, testConfig } from '../../../test/engines.ts';
import { smallPng } from '../../../test/photos.ts';
import { searchedIds, validRequest } from '../../../test/requests.ts';
import { type App, buildApp } from '../../app.ts';
import { recordAudit } from '../../core/audit/audit.repository.ts';
import { insertOutboxEmail } from '../../core/outbox/outbox.repository.ts';
import { createDatabase } from '../../db/database.ts';
import { monthsBefore, runRetentionOnce } from './retention.service.ts';
import { startRetentionWorker } from './retention-worker.ts';

const DAY = 86_400_000;

describeEachEngine('retention of personal data', (ctx) => {
  let admin: TestAccount;
  const db = () => ctx().db;
  const now = () => ctx().clock.now();

  /** Files a request through the public API: its id and tracking token. */
  const file = async (overrides: Record<string, string> = {}) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...validRequest, ...overrides },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; trackingToken: string };
  };
  /** Closes a request as if it had been closed at `closedAt` (the events and the column agree). */
  const closeAt = async (id: number, status: 'completed' | 'cancelled' | 'in_progress', closedAt: Date) => {
    const at = closedAt.toISOString();
    await db()
      .updateTable('repairRequests')
      .set({ status, closedAt: status === 'in_progress' ? null : at, updatedAt: at })
      .where('id', '=', id)
      .execute();
    await db()
      .insertInto('requestEvents')
      .values({
        requestId: id,
        kind: 'updated',
        actorId: null,
        actorName: 'Op',
        fromStatus: 'open',
        toStatus: status,
        assignedToId: null,
        assignedTo: null,
        notes: 'fixed',
        createdAt: at,
      })
      .execute();
  };
  const row = (id: number) =>
    db()
      .selectFrom('repairRequests')
      .select([
        'name',
        'email',
        'phone',
        'address',
        'status',
        'anonymizedAt',
        'closedAt',
        'idempotencyHash',
        'idempotencyKeyHash',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const auditRows = (id: number) =>
    db()
      .selectFrom('auditLog')
      .selectAll()
      .where('kind', '=', 'request.anonymize')
      .where('objectId', '=', String(id))
      .execute();
  const cutoff = () => monthsBefore(now(), 24);
  const settings = (body: Record<string, unknown>, headers = admin.headers) =>
    ctx().app.inject({ method: 'PUT', url: '/api/admin/retention-settings', headers, payload: body });

  it('starts with 24 months for requests and 60 for the audit log; only an admin reads or changes them, audited', async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    const read = await ctx().app.inject({ url: '/api/admin/retention-settings', headers: admin.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ retentionMonths: 24, auditRetentionMonths: 60 });

    for (const role of ['viewer', 'user'] as const) {
      const other = await signedIn(ctx(), { role });
      expect(
        (await ctx().app.inject({ url: '/api/admin/retention-settings', headers: other.headers })).statusCode,
      ).toBe(403);
      expect((await settings({ retentionMonths: 6, auditRetentionMonths: 60 }, other.headers)).statusCode).toBe(403);
    }

    const saved = await settings({ retentionMonths: 36, auditRetentionMonths: 72 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ retentionMonths: 36, auditRetentionMonths: 72 });
    const audit = await db()
      .selectFrom('auditLog')
      .selectAll()
      .where('kind', '=', 'settings.retention.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, actorUsername: admin.username });
    expect(JSON.parse(audit[0]?.before ?? '')).toEqual({ retentionMonths: 24, auditRetentionMonths: 60 });
    expect(JSON.parse(audit[0]?.after ?? '')).toEqual({ retentionMonths: 36, auditRetentionMonths: 72 });
    expect((await settings({ retentionMonths: 24, auditRetentionMonths: 60 })).statusCode).toBe(200);
  });

  it('refuses months out of range with a 400 in the reader’s language, and changes nothing', async () => {
    for (const body of [
      { retentionMonths: 0, auditRetentionMonths: 60 },
      { retentionMonths: 121, auditRetentionMonths: 60 },
      { retentionMonths: 1.5, auditRetentionMonths: 60 },
      { retentionMonths: '24', auditRetentionMonths: 60 },
      { retentionMonths: 24, auditRetentionMonths: 11 },
      { retentionMonths: 24 },
    ]) {
      const res = await settings(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const en = await ctx().app.inject({
      method: 'PUT',
      url: '/api/admin/retention-settings',
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { retentionMonths: 0, auditRetentionMonths: 60 },
    });
    expect(JSON.stringify(en.json())).toContain('Enter a whole number of months from 1 to 120');
    const pt = await settings({ retentionMonths: 0, auditRetentionMonths: 60 });
    expect(JSON.stringify(pt.json())).toContain('Informe um número inteiro de meses entre 1 e 120');
    expect((await ctx().app.inject({ url: '/api/admin/retention-settings', headers: admin.headers })).json()).toEqual({
      retentionMonths: 24,
      auditRetentionMonths: 60,
    });
  });

  it('the operators’ update keeps closedAt: set when completed or cancelled, cleared when reopened', async () => {
    const { id } = await file();
    const patch = async (status: string) => {
      const { updatedAt } = (
        await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers })
      ).json();
      const res = await ctx().app.inject({
        method: 'PATCH',
        url: `/api/admin/repair-requests/${id}`,
        headers: admin.headers,
        payload: { status, updatedAt },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await patch('completed');
    const closed = await db()
      .selectFrom('repairRequests')
      .select(['closedAt', 'updatedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(closed.closedAt).toBe(closed.updatedAt);
    await patch('in_progress');
    expect((await row(id)).closedAt).toBeNull();
    await patch('cancelled');
    expect((await row(id)).closedAt).not.toBeNull();
  });

  it('anonymises exactly the due requests, keeps request, history and tracking, and a second run changes nothing', async () => {
    const dueCompleted = await file();
    const dueCancelled = await file();
    const notYet = await file();
    const stillOpen = await file();
    const inProgress = await file();
    await closeAt(dueCompleted.id, 'completed', new Date(cutoff().getTime() - DAY));
    await closeAt(dueCancelled.id, 'cancelled', new Date(cutoff().getTime() - 400 * DAY));
    await closeAt(notYet.id, 'completed', new Date(cutoff().getTime() + DAY));
    await closeAt(inProgress.id, 'in_progress', new Date(cutoff().getTime() - 400 * DAY));
    // Filed long ago and never closed: open requests are never due, whatever their age.
    await db()
      .updateTable('repairRequests')
      .set({ createdAt: '2020-01-01T00:00:00.000Z' })
      .where('id', 'in', [stillOpen.id, inProgress.id])
      .execute();
    // As a filing with an Idempotency-Key leaves them: hashes of the key and of the whole form.
    for (const [i, filed] of [dueCompleted, notYet].entries()) {
      await db()
        .updateTable('repairRequests')
        .set({ idempotencyKeyHash: String(i).repeat(64), idempotencyHash: 'b'.repeat(64) })
        .where('id', '=', filed.id)
        .execute();
    }
    const eventsBefore = await db()
      .selectFrom('requestEvents')
      .select('id')
      .where('requestId', '=', dueCompleted.id)
      .execute();
    const countsBefore = (
      await ctx().app.inject({ url: '/api/admin/repair-requests/counts', headers: admin.headers })
    ).json();

    const first = await runRetentionOnce(ctx().app.deps);
    expect(first.anonymized).toBe(2);

    for (const due of [dueCompleted, dueCancelled]) {
      expect(await row(due.id)).toMatchObject({
        name: null,
        email: null,
        phone: '',
        // Cut to street and area (decision 0043).
        address: 'Rua dos Andradas, Centro Histórico, Porto Alegre, RS',
        idempotencyHash: null,
        idempotencyKeyHash: null,
      });
      expect((await row(due.id)).anonymizedAt).not.toBeNull();
      const audit = await auditRows(due.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: null, actorUsername: 'system', objectType: 'request' });
      // The audit row holds no contact data.
      expect(JSON.stringify(audit[0])).not.toContain('Maria');
    }
    for (const kept of [notYet, stillOpen, inProgress]) {
      expect(await row(kept.id)).toMatchObject({
        name: validRequest.name,
        email: validRequest.email,
        phone: validRequest.phone,
        anonymizedAt: null,
      });
      expect(await auditRows(kept.id)).toHaveLength(0);
    }

    // The history stays, with one event saying the contact was anonymised; the counts do not move.
    const detail = (
      await ctx().app.inject({ url: `/api/admin/repair-requests/${dueCompleted.id}`, headers: admin.headers })
    ).json();
    expect(detail.history).toHaveLength(eventsBefore.length + 1);
    expect(detail.history.at(-1)).toMatchObject({ kind: 'anonymized', actorId: null, actorName: null, toStatus: null });
    expect(detail).toMatchObject({ name: null, email: null, phone: '', status: 'completed' });
    expect(detail.anonymizedAt).not.toBeNull();
    expect(
      (await ctx().app.inject({ url: '/api/admin/repair-requests/counts', headers: admin.headers })).json(),
    ).toEqual(countsBefore);

    // Searching for the name or the phone no longer finds it (the search index follows the row).
    const search = (q: string) => searchedIds(ctx().app, admin, q);
    expect(await search('99876-4321')).not.toContain(dueCompleted.id);
    expect(await search('99876-4321')).toContain(notYet.id);

    // The public tracking answer, with the token and without: status and timeline, no contact.
    for (const url of [
      `/api/repair-requests/${dueCompleted.id}?t=${dueCompleted.trackingToken}`,
      `/api/repair-requests/${dueCompleted.id}`,
    ]) {
      const track = await ctx().app.inject({ url });
      expect(track.statusCode, track.body).toBe(200);
      expect(track.json()).toMatchObject({ status: 'completed', name: null, email: null, phone: '' });
      expect(track.json().timeline.map((t: { status: string }) => t.status)).toEqual(['open', 'completed']);
      expect(track.body).not.toContain('Maria');
      expect(track.body).not.toContain('4321');
    }

    const second = await runRetentionOnce(ctx().app.deps);
    expect(second.anonymized).toBe(0);
    for (const due of [dueCompleted, dueCancelled]) expect(await auditRows(due.id)).toHaveLength(1);
    expect(
      await db().selectFrom('requestEvents').select('id').where('requestId', '=', dueCompleted.id).execute(),
    ).toHaveLength(eventsBefore.length + 1);
  });

  it('works through more due requests than a batch holds', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { id } = await file();
      await closeAt(id, 'completed', new Date(cutoff().getTime() - (i + 2) * DAY));
      ids.push(id);
    }
    const result = await runRetentionOnce(ctx().app.deps, { batchSize: 5 });
    expect(result.anonymized).toBe(12);
    for (const id of ids) expect(await auditRows(id)).toHaveLength(1);
  });

  it('two instances sweeping at once anonymise each request once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const { id } = await file();
      await closeAt(id, i % 2 ? 'completed' : 'cancelled', new Date(cutoff().getTime() - (i + 2) * DAY));
      ids.push(id);
    }
    const second = await secondInstance(ctx());
    try {
      const results = await Promise.all([
        runRetentionOnce(ctx().app.deps, { batchSize: 3 }),
        runRetentionOnce(second.deps, { batchSize: 3 }),
        runRetentionOnce(ctx().app.deps, { batchSize: 4 }),
        runRetentionOnce(second.deps, { batchSize: 4 }),
      ]);
      expect(results.reduce((sum, r) => sum + r.anonymized, 0)).toBe(40);
    } finally {
      await second.close();
    }
    for (const id of ids) {
      expect(await auditRows(id), `request ${id}`).toHaveLength(1);
      const events = await db()
        .selectFrom('requestEvents')
        .select('id')
        .where('requestId', '=', id)
        .where('kind', '=', 'anonymized')
        .execute();
      expect(events, `request ${id}`).toHaveLength(1);
    }
  });

  it('scrubs the request’s e-mails: no address, no body, nothing left to send', async () => {
    const { id } = await file();
    for (const kind of ['request_confirmation', 'status_update']) {
      await insertOutboxEmail(db(), {
        kind,
        toAddress: validRequest.email,
        subject: `Pedido #${id}`,
        textBody: `Olá ${validRequest.name}`,
        htmlBody: `<p>Olá ${validRequest.name}</p>`,
        messageId: `<${kind}-${id}@acende.test>`,
        requestId: id,
        adminId: null,
        createdAt: now().toISOString(),
      });
    }
    // A refusal the server gave, quoting the address.
    await db()
      .updateTable('emailOutbox')
      .set({ status: 'failed', lastError: `550 5.1.1 <${validRequest.email}>: Recipient address rejected` })
      .where('requestId', '=', id)
      .where('kind', '=', 'status_update')
      .execute();
    await closeAt(id, 'completed', new Date(cutoff().getTime() - 2 * DAY));
    await runRetentionOnce(ctx().app.deps);
    const emails = await db().selectFrom('emailOutbox').selectAll().where('requestId', '=', id).execute();
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(JSON.stringify(email)).not.toContain(validRequest.email as string);
      expect(email).toMatchObject({ toAddress: '', textBody: '', htmlBody: '' });
      expect(email.status).not.toBe('pending');
    }
  });

  it('deletes the photos of the requests it anonymises (a photo may show a face)', async () => {
    const due = await file();
    const kept = await file();
    for (const filed of [due, kept]) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/repair-requests/${filed.id}/photos?t=${filed.trackingToken}`,
        headers: { 'content-type': 'image/png' },
        payload: await smallPng(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await closeAt(due.id, 'completed', new Date(cutoff().getTime() - 2 * DAY));
    await closeAt(kept.id, 'completed', new Date(cutoff().getTime() + 2 * DAY));
    await runRetentionOnce(ctx().app.deps);
    const photos = (id: number) => db().selectFrom('requestPhotos').select('id').where('requestId', '=', id).execute();
    expect(await photos(due.id)).toHaveLength(0);
    expect(await photos(kept.id)).toHaveLength(1);
  });

  it('deletes only audit rows older than the audit retention', async () => {
    const actor = { id: null, username: 'test', ip: null };
    const auditCutoff = monthsBefore(now(), 60);
    await recordAudit(db(), actor, { kind: 'test.old' }, new Date(auditCutoff.getTime() - DAY).toISOString());
    await recordAudit(db(), actor, { kind: 'test.young' }, new Date(auditCutoff.getTime() + DAY).toISOString());
    const result = await runRetentionOnce(ctx().app.deps);
    expect(result.auditDeleted).toBe(1);
    const kinds = (await db().selectFrom('auditLog').select('kind').where('kind', 'like', 'test.%').execute()).map(
      (r) => r.kind,
    );
    expect(kinds).toEqual(['test.young']);
  });

  it('an admin anonymises one request on demand: audited with the actor, a history event, 409 the second time', async () => {
    const { id, trackingToken } = await file();
    for (const role of ['viewer', 'user'] as const) {
      const other = await signedIn(ctx(), { role });
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/admin/repair-requests/${id}/anonymize`,
        headers: other.headers,
      });
      expect(res.statusCode).toBe(403);
    }
    expect(
      (await ctx().app.inject({ method: 'POST', url: `/api/admin/repair-requests/${id}/anonymize` })).statusCode,
    ).toBe(401);
    expect(await auditRows(id)).toHaveLength(0);

    // An admin linked to a company still sees every company's requests (decision 0002 §3).
    const linked = await signedIn(ctx(), { role: 'admin', companyIds: [2] });
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/anonymize`,
      headers: { ...linked.headers, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: null, email: null, phone: '', status: 'open' });
    expect(res.json().anonymizedAt).not.toBeNull();
    expect(res.json().history.at(-1)).toMatchObject({ kind: 'anonymized', actorId: linked.id });
    const audit = await auditRows(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: linked.id, actorUsername: linked.username, objectType: 'request' });
    expect(audit[0]?.ip).toBeTruthy();

    const again = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/anonymize`,
      headers: { ...admin.headers, 'accept-language': 'en' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This request's contact data has already been anonymised.");
    expect(await auditRows(id)).toHaveLength(1);

    const missing = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/repair-requests/999999/anonymize',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/repair-requests/abc/anonymize',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);

    // Tracking still answers: the status and the timeline, without the contact.
    const track = await ctx().app.inject({ url: `/api/repair-requests/${id}?t=${trackingToken}` });
    expect(track.statusCode).toBe(200);
    expect(track.json()).toMatchObject({ status: 'open', name: null, email: null, phone: '' });
    expect(track.json().timeline).toHaveLength(1);
    // The sweep later leaves it alone: it is anonymised already.
    await closeAt(id, 'completed', new Date(cutoff().getTime() - DAY));
    await runRetentionOnce(ctx().app.deps);
    expect(await auditRows(id)).toHaveLength(1);
  });

  it('the tracking read of an anonymised request answers the same with FAST_PATH on and off, over HTTP', async () => {
    const { id, trackingToken } = await file();
    await closeAt(id, 'completed', new Date(cutoff().getTime() - DAY));
    await runRetentionOnce(ctx().app.deps);
    const fast = await secondInstance(ctx(), { FAST_PATH: 'on' });
    const plain = await secondInstance(ctx(), { FAST_PATH: 'off' });
    try {
      const bodies: string[][] = [];
      for (const app of [fast, plain]) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as AddressInfo;
        const answers: string[] = [];
        for (const path of [`/api/repair-requests/${id}?t=${trackingToken}`, `/api/repair-requests/${id}`]) {
          const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-language': 'en' } });
          expect(res.status).toBe(200);
          answers.push(await res.text());
        }
        bodies.push(answers);
      }
      expect(bodies[0]).toEqual(bodies[1]);
      for (const body of bodies[0] ?? []) {
        expect(JSON.parse(body)).toMatchObject({ status: 'completed', name: null, email: null, phone: '' });
        expect(JSON.parse(body).timeline).toHaveLength(2);
        expect(body).not.toContain('Maria');
      }
    } finally {
      await fast.close();
      await plain.close();
    }
  });

  it('the worker sweeps on its timer and stops on request', async () => {
    const { id } = await file();
    await closeAt(id, 'cancelled', new Date(cutoff().getTime() - DAY));
    const rounds: number[] = [];
    const worker = startRetentionWorker(ctx().app.deps, {
      intervalMs: 60_000,
      firstDelayMs: 10,
      onRound: (result) => rounds.push(result.anonymized),
    });
    try {
      for (let i = 0; i < 200 && rounds.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    } finally {
      await worker.stop();
    }
    expect(rounds).toEqual([1]);
    expect((await row(id)).anonymizedAt).not.toBeNull();
  });

  it('counts calendar months, the day clamped to a shorter month', () => {
    expect(monthsBefore(new Date('2026-03-31T10:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-11-27T01:00:00.000Z'), 24).toISOString()).toBe('2024-11-27T01:00:00.000Z');
    expect(monthsBefore(new Date('2028-03-31T00:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

/** Another app on the same database, as a second instance would run. */
async function secondInstance(
  ctx: TestContext,
  env: Record<string, string> = {},
): Promise<App & { close(): Promise<void> }> {
  const db = createDatabase(ctx.config.DATABASE_URL, { poolSize: 5 });
  const config = Object.keys(env).length ? testConfig(ctx.config.DATABASE_URL, env) : { ...ctx.config };
  const app = await buildApp({ config, db, clock: ctx.clock, logger: false });
  await app.ready();
  const close = app.close.bind(app);
  return Object.assign(app, {
    close: async () => {
      await close();
      await db.destroy();
    },
  }) as App & { close(): Promise<void> };
}
