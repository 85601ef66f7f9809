// Webhooks as a company's system receives them (decision 0065): signed as Standard Webhooks
// says (verified with the reference library), one per change in the change's transaction, the
// data frozen and free of the citizen's contacts; retried on the schedule under 500s, time-outs
// and 429s for 24 h, then dead until replayed with the same id; in order per request. Both engines.
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { fileTracked, validRequest } from '../../../test/requests.ts';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { addEndpoint, changeRequest, clearWebhooks, deliveryRows } from '../../../test/webhooks.ts';
import { processWebhooksOnce } from './webhook-worker.ts';

const ALL = [
  'request.filed',
  'request.changed',
  'request.transferred_in',
  'request.transferred_out',
  'request.completed',
  'request.rated',
];
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describeEachEngine(
  'webhook deliveries',
  (ctx) => {
    let admin: TestAccount;
    let receiver: WebhookReceiver;
    const deliver = () => processWebhooksOnce(ctx().app.deps);
    const bodies = () => receiver.calls.map((call) => JSON.parse(call.body));

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => {
      await receiver?.close();
    });
    // Signed in afresh: the suites move the clock past a session's life.
    const fresh = async () => {
      admin = await signedIn(ctx(), { role: 'admin' });
      await clearWebhooks(ctx());
      receiver.calls.length = 0;
      receiver.otherwise = { status: 204 };
    };

    it('signs each delivery as Standard Webhooks says: the reference library verifies it', async () => {
      await fresh();
      const { secret } = await addEndpoint(ctx(), admin, { url: `${receiver.url}/hooks`, events: ALL });
      const { id } = await fileTracked(ctx().app);
      expect(await deliver()).toEqual({ delivered: 1, retrying: 0, dead: 0 });
      const [call] = receiver.calls;
      if (!call) throw new Error('nothing received');
      expect(call.path).toBe('/hooks');
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(call.headers['webhook-timestamp']).toBe(String(Math.floor(ctx().clock.now().getTime() / 1000)));
      expect(call.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      const body = verifyWebhook(secret, call, ctx().clock.now()) as Record<string, unknown>;
      expect(body).toEqual({
        id: call.headers['webhook-id'],
        type: 'request.filed',
        timestamp: expect.any(String),
        data: { requestId: id, companyId: 1, status: 'open', problemType: 'LIGHT_OUT', actor: 'citizen' },
      });
      // Another secret, or one byte changed, and the library refuses it.
      const other = await addEndpoint(ctx(), admin, { url: `${receiver.url}/other`, events: ['request.rated'] });
      expect(() => verifyWebhook(other.secret, call, ctx().clock.now())).toThrow(/signature/);
      expect(() =>
        verifyWebhook(secret, { ...call, body: call.body.replace('open', 'opem') }, ctx().clock.now()),
      ).toThrow();
    });

    it('signs with the old secret too for 24 h after a rotation, then with the new one only', async () => {
      await fresh();
      const { id, secret: old } = await addEndpoint(ctx(), admin, {
        url: `${receiver.url}/rotate`,
        events: ['request.filed'],
      });
      const rotated = await ctx().app.inject({
        method: 'POST',
        url: `/api/admin/webhooks/${id}/secret`,
        headers: admin.headers,
      });
      const { secret } = rotated.json();
      await fileTracked(ctx().app);
      await deliver();
      const [during] = receiver.calls;
      expect(during?.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
      verifyWebhook(secret, during as never, ctx().clock.now());
      verifyWebhook(old, during as never, ctx().clock.now());
      ctx().clock.advance(24 * HOUR);
      await fileTracked(ctx().app);
      await deliver();
      const after = receiver.calls[1];
      expect(after?.headers['webhook-signature']).toMatch(/^v1,\S+$/);
      verifyWebhook(secret, after as never, ctx().clock.now());
      expect(() => verifyWebhook(old, after as never, ctx().clock.now())).toThrow(/signature/);
    });

    it('tells each company of every change, with the actor, and never the citizen name, e-mail or phone', async () => {
      await fresh();
      const one = await addEndpoint(ctx(), admin, { url: `${receiver.url}/one`, events: ALL });
      const two = await addEndpoint(ctx(), admin, {
        url: `${receiver.url}/two`,
        events: ['request.transferred_in', 'request.changed'],
        companyId: 2,
      });
      const { id, trackingToken } = await fileTracked(ctx().app);
      await changeRequest(ctx(), admin, id, { status: 'in_progress', notes: 'Equipe a caminho' });
      await changeRequest(ctx(), admin, id, { status: 'completed' });
      const rated = await ctx().app.inject({
        method: 'POST',
        url: `/api/repair-requests/${id}/rating`,
        payload: { token: trackingToken, score: 4, comment: `Ligue ${validRequest.phone}` },
      });
      expect(rated.statusCode, rated.body).toBe(200);
      const reopened = await ctx().app.inject({
        method: 'POST',
        url: `/api/repair-requests/${id}/reopen`,
        payload: { token: trackingToken, note: `Apagou de novo, ${validRequest.email}` },
      });
      expect(reopened.statusCode, reopened.body).toBe(200);
      await changeRequest(ctx(), admin, id, { companyId: 2, reason: 'Poste da outra concessionária' }, '/transfer');
      // Each change is stamped a millisecond after the one before (the manual clock stands still).
      ctx().clock.advance(SECOND);
      await deliver();
      // Each endpoint in the order of the changes; the two endpoints apart.
      const byEndpoint = [...receiver.calls].sort((a, b) => a.path.localeCompare(b.path));
      const seen = byEndpoint.map((call) => {
        const body = verifyWebhook(call.path === '/one' ? one.secret : two.secret, call, ctx().clock.now()) as {
          type: string;
          data: Record<string, unknown>;
        };
        return [call.path, body.type, body.data];
      });
      expect(seen).toEqual([
        ['/one', 'request.filed', expect.objectContaining({ requestId: id, actor: 'citizen' })],
        [
          '/one',
          'request.changed',
          expect.objectContaining({
            fromStatus: 'open',
            toStatus: 'in_progress',
            notes: 'Equipe a caminho',
            actor: 'operator',
          }),
        ],
        ['/one', 'request.changed', expect.objectContaining({ fromStatus: 'in_progress', toStatus: 'completed' })],
        ['/one', 'request.completed', expect.objectContaining({ toStatus: 'completed', status: 'completed' })],
        ['/one', 'request.rated', { requestId: id, companyId: 1, status: 'completed', score: 4, actor: 'citizen' }],
        [
          '/one',
          'request.changed',
          expect.objectContaining({
            change: 'reopened',
            fromStatus: 'completed',
            toStatus: 'open',
            actor: 'citizen',
            notes: null,
          }),
        ],
        [
          '/one',
          'request.transferred_out',
          expect.objectContaining({
            companyId: 1,
            fromCompanyId: 1,
            toCompanyId: 2,
            notes: 'Poste da outra concessionária',
          }),
        ],
        ['/two', 'request.transferred_in', expect.objectContaining({ companyId: 2, fromCompanyId: 1, toCompanyId: 2 })],
      ]);
      // Privacy: no delivery carries the citizen's contacts or their own words.
      const all = receiver.calls.map((call) => call.body).join('\n');
      for (const personal of [validRequest.name, validRequest.email, validRequest.phone, '99876', 'Apagou', 'Ligue']) {
        expect(all).not.toContain(personal);
      }
      for (const row of await deliveryRows(ctx())) expect(row.payload).not.toContain(validRequest.name);
    });

    it('tells only the company a request left, even when another company has the same name', async () => {
      await fresh();
      const [one] = await ctx().db.selectFrom('energyCompanies').select('name').where('id', '=', 1).execute();
      const [three] = await ctx().db.selectFrom('energyCompanies').select('name').where('id', '=', 3).execute();
      await ctx()
        .db.updateTable('energyCompanies')
        .set({ name: one?.name as string })
        .where('id', '=', 3)
        .execute();
      try {
        // The request leaves company 3, which now has company 1's name: company 1 must hear nothing.
        const events = ['request.transferred_out'];
        await addEndpoint(ctx(), admin, { url: `${receiver.url}/left`, events, companyId: 3 });
        await addEndpoint(ctx(), admin, { url: `${receiver.url}/namesake`, events, companyId: 1 });
        const { id } = await fileTracked(ctx().app, { company: '3' });
        await changeRequest(ctx(), admin, id, { companyId: 2, reason: 'Rede da vizinha' }, '/transfer');
        ctx().clock.advance(SECOND);
        await deliver();
        expect(receiver.calls.map((call) => call.path)).toEqual(['/left']);
      } finally {
        await ctx()
          .db.updateTable('energyCompanies')
          .set({ name: three?.name as string })
          .where('id', '=', 3)
          .execute();
      }
    });

    it('takes a 2xx as delivered when its status comes, even if its body never ends', async () => {
      await fresh();
      await addEndpoint(ctx(), admin, { url: `${receiver.url}/endless`, events: ['request.filed'] });
      receiver.answerNext({ status: 200, endless: true });
      await fileTracked(ctx().app);
      expect(await deliver()).toEqual({ delivered: 1, retrying: 0, dead: 0 });
      receiver.answerNext({ status: 500, endless: true });
      await fileTracked(ctx().app);
      expect(await deliver()).toEqual({ delivered: 0, retrying: 1, dead: 0 });
      expect((await deliveryRows(ctx())).at(-1)).toMatchObject({ lastStatus: 500, attempts: 1 });
    });

    it('lets a receiver that hangs cost one time-out a round, and another company’s receiver go on', async () => {
      await fresh();
      const fast = await startWebhookReceiver();
      try {
        receiver.otherwise = 'hang';
        await addEndpoint(ctx(), admin, { url: `${receiver.url}/slow`, events: ['request.filed'] });
        await addEndpoint(ctx(), admin, { url: `${fast.url}/fast`, events: ['request.filed'], companyId: 2 });
        for (let i = 0; i < 3; i++) await fileTracked(ctx().app);
        await fileTracked(ctx().app, { company: '2' });
        expect(await deliver()).toEqual({ delivered: 1, retrying: 1, dead: 0 });
        expect(fast.calls.map((call) => call.path)).toEqual(['/fast']);
        expect(receiver.calls).toHaveLength(1);
        // The two that waited kept their attempts for their own first try, a step later.
        const slow = (await deliveryRows(ctx())).filter((row) => row.state === 'pending');
        expect(slow.map((row) => row.attempts)).toEqual([1, 0, 0]);
      } finally {
        receiver.otherwise = { status: 204 };
        await fast.close();
      }
    });

    it('queues nothing while no endpoint takes the event, and nothing for an endpoint turned off', async () => {
      await fresh();
      const { id } = await addEndpoint(ctx(), admin, { url: `${receiver.url}/off`, events: ['request.rated'] });
      await fileTracked(ctx().app);
      const off = await ctx().app.inject({
        method: 'PATCH',
        url: `/api/admin/webhooks/${id}`,
        headers: admin.headers,
        payload: { active: false, events: ALL },
      });
      expect(off.statusCode).toBe(200);
      await fileTracked(ctx().app);
      expect(await deliveryRows(ctx())).toEqual([]);
    });

    it('retries 500s and time-outs on the schedule for 24 h, then a dead letter; a replay sends the same bytes', async () => {
      await fresh();
      const { id: endpointId, secret } = await addEndpoint(ctx(), admin, { url: `${receiver.url}/down`, events: ALL });
      receiver.otherwise = { status: 500 };
      receiver.answerNext('hang');
      await fileTracked(ctx().app);
      const started = ctx().clock.now().getTime();
      expect(await deliver()).toEqual({ delivered: 0, retrying: 1, dead: 0 });
      let [row] = await deliveryRows(ctx());
      expect(row).toMatchObject({
        state: 'pending',
        attempts: 1,
        lastStatus: null,
        lastError: 'no answer within 300 ms',
      });
      expect(Date.parse(row?.nextAttemptAt as string) - ctx().clock.now().getTime()).toBe(5 * SECOND);
      // Not before its time.
      ctx().clock.advance(4 * SECOND);
      expect(await deliver()).toEqual({ delivered: 0, retrying: 0, dead: 0 });
      const waits = [SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];
      for (const wait of waits) {
        ctx().clock.advance(wait);
        expect(await deliver()).toEqual({ delivered: 0, retrying: 1, dead: 0 });
      }
      // The last try falls on the 24th hour; failing there, it is dead.
      [row] = await deliveryRows(ctx());
      expect(Date.parse(row?.nextAttemptAt as string)).toBe(started + 24 * HOUR);
      ctx().clock.advance(started + 24 * HOUR - ctx().clock.now().getTime());
      expect(await deliver()).toEqual({ delivered: 0, retrying: 0, dead: 1 });
      [row] = await deliveryRows(ctx());
      expect(row).toMatchObject({
        state: 'dead',
        attempts: 8,
        lastStatus: 500,
        lastError: 'HTTP 500: falhou',
        nextAttemptAt: null,
      });
      expect(receiver.calls).toHaveLength(8);

      admin = await signedIn(ctx(), { role: 'admin' });
      const dead = await ctx().app.inject({ url: '/api/admin/webhooks/deliveries?state=dead', headers: admin.headers });
      expect(dead.json()).toMatchObject({ total: 1, items: [{ id: row?.id, endpointId, state: 'dead', attempts: 8 }] });
      const listed = (await ctx().app.inject({ url: '/api/admin/webhooks', headers: admin.headers })).json();
      expect(listed.find((e: { id: number }) => e.id === endpointId)).toMatchObject({ pending: 0, dead: 1 });

      receiver.otherwise = { status: 200 };
      const replayed = await ctx().app.inject({
        method: 'POST',
        url: `/api/admin/webhooks/deliveries/${row?.id}/replay`,
        headers: admin.headers,
      });
      expect(replayed.statusCode, replayed.body).toBe(200);
      expect(replayed.json()).toMatchObject({ state: 'pending', attempts: 0, messageId: row?.messageId });
      const again = await ctx().app.inject({
        method: 'POST',
        url: `/api/admin/webhooks/deliveries/${row?.id}/replay`,
        headers: { ...admin.headers, 'accept-language': 'en' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Only a delivery that was given up can be sent again');
      expect(await deliver()).toEqual({ delivered: 1, retrying: 0, dead: 0 });
      expect(new Set(receiver.calls.map((call) => call.headers['webhook-id']))).toEqual(new Set([row?.messageId]));
      expect(new Set(receiver.calls.map((call) => call.body)).size).toBe(1);
      expect(verifyWebhook(secret, receiver.calls.at(-1) as never, ctx().clock.now())).toMatchObject({
        id: row?.messageId,
      });
      const delivered = await ctx().app.inject({
        url: '/api/admin/webhooks/deliveries?state=delivered',
        headers: admin.headers,
      });
      expect(delivered.json().items[0]).toMatchObject({ id: row?.id, state: 'delivered', lastStatus: 200 });
    });

    it("waits out a 429's Retry-After, and gives up when it asks past the 24 h", async () => {
      await fresh();
      await addEndpoint(ctx(), admin, { url: `${receiver.url}/busy`, events: ['request.filed'] });
      receiver.answerNext({ status: 429, retryAfter: '120' }, { status: 429, retryAfter: String(25 * 3600) });
      await fileTracked(ctx().app);
      await deliver();
      ctx().clock.advance(119 * SECOND);
      await deliver();
      expect(receiver.calls).toHaveLength(1);
      ctx().clock.advance(SECOND);
      expect(await deliver()).toEqual({ delivered: 0, retrying: 0, dead: 1 });
      expect(receiver.calls).toHaveLength(2);
      const [row] = await deliveryRows(ctx());
      expect(row).toMatchObject({ state: 'dead', lastStatus: 429 });
    });

    it('keeps the order per request and endpoint: a later event waits while an earlier one is pending', async () => {
      await fresh();
      await addEndpoint(ctx(), admin, { url: `${receiver.url}/order`, events: ['request.filed', 'request.changed'] });
      receiver.answerNext({ status: 503 });
      const first = await fileTracked(ctx().app);
      const other = await fileTracked(ctx().app);
      await changeRequest(ctx(), admin, first.id, { status: 'in_progress' });
      ctx().clock.advance(SECOND);
      // The first's filing fails; its change, due too, waits; the other request goes on.
      expect(await deliver()).toEqual({ delivered: 1, retrying: 1, dead: 0 });
      expect(bodies().map((b) => [b.data.requestId, b.type])).toEqual([
        [first.id, 'request.filed'],
        [other.id, 'request.filed'],
      ]);
      ctx().clock.advance(5 * SECOND);
      expect(await deliver()).toEqual({ delivered: 2, retrying: 0, dead: 0 });
      expect(bodies().map((b) => [b.data.requestId, b.type])).toEqual([
        [first.id, 'request.filed'],
        [other.id, 'request.filed'],
        [first.id, 'request.filed'],
        [first.id, 'request.changed'],
      ]);
    });

    it('lets a dead letter go: the next event of its request is sent once the earlier one is dead', async () => {
      await fresh();
      await addEndpoint(ctx(), admin, { url: `${receiver.url}/dead`, events: ['request.filed', 'request.changed'] });
      receiver.otherwise = { status: 500 };
      const { id } = await fileTracked(ctx().app);
      await deliver();
      ctx().clock.advance(6 * HOUR);
      admin = await signedIn(ctx(), { role: 'admin' });
      await changeRequest(ctx(), admin, id, { status: 'in_progress' });
      for (let i = 0; i < 2; i += 1) {
        ctx().clock.advance(6 * HOUR);
        await deliver();
      }
      // Held back while the filing is retried...
      expect(bodies().map((b) => b.type)).toEqual(['request.filed', 'request.filed', 'request.filed']);
      // ...and sent in the round its filing's last try fails.
      ctx().clock.advance(6 * HOUR);
      receiver.answerNext({ status: 500 });
      receiver.otherwise = { status: 204 };
      expect(await deliver()).toEqual({ delivered: 1, retrying: 0, dead: 1 });
      expect(
        bodies()
          .map((b) => b.type)
          .slice(-2),
      ).toEqual(['request.filed', 'request.changed']);
      const rows = await deliveryRows(ctx());
      expect(rows.map((r) => [r.eventType, r.state])).toEqual([
        ['request.filed', 'dead'],
        ['request.changed', 'delivered'],
      ]);
    });
  },
  { env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', WEBHOOK_TIMEOUT_MS: '300' } },
);
