// Browser notices delivered (issue 36, decision 0063) on both engines, to a local push service
// that checks the VAPID token and decrypts each notice as the browser would
// (test/fake-push-service.ts): a status change reaches every subscribed browser in its own
// language, completion opens the rating page; a 410 or 404 removes the subscription, a 429's
// Retry-After is waited out and a 500 backed off with each notice sent once, a 413 is final;
// the metrics count push messages by state.
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { type FakePushService, pushServiceCertificate, startFakePushService } from '../../../test/fake-push-service.ts';
import { fileTracked, setStatusAsAdmin } from '../../../test/requests.ts';
import { readVapidKeys } from '../../core/channels/push-settings.service.ts';
import { processPushOnce } from './push-worker.ts';

const METRICS_TOKEN = 'push-metrics-token-0123456789';
const env = {
  PUSH_EXTRA_HOSTS: '127.0.0.1',
  TEST_PUSH_CA_FILE: pushServiceCertificate().caFile,
  METRICS_TOKEN,
};

describeEachEngine(
  'browser push: delivery',
  (ctx) => {
    let service: FakePushService;
    beforeAll(async () => {
      service = await startFakePushService();
    });
    afterAll(() => service.close());

    /** A request with `count` browsers subscribed, each in the given language. */
    const requestWithBrowsers = async (...languages: ('pt' | 'en')[]) => {
      const { id, trackingToken } = await fileTracked(ctx().app);
      const browsers = [];
      for (const language of languages) {
        const browser = service.subscribe();
        const res = await ctx().app.inject({
          method: 'POST',
          url: `/api/repair-requests/${id}/push-subscriptions?t=${trackingToken}`,
          headers: { 'accept-language': language },
          payload: browser,
        });
        expect(res.statusCode, res.body).toBe(201);
        browsers.push(browser);
      }
      return { id, browsers };
    };
    const pushRows = (id: number) =>
      ctx()
        .db.selectFrom('channelOutbox')
        .selectAll()
        .where('requestId', '=', id)
        .where('channel', '=', 'push')
        .orderBy('id')
        .execute();
    const receivedBy = (endpoint: string | undefined) =>
      service.received.filter((push) => push.endpoint === endpoint).map((push) => JSON.parse(push.text));

    it('tells each subscribed browser of a status change, signed and encrypted, in its own language', async () => {
      const { id, browsers } = await requestWithBrowsers('pt', 'en');
      const [pt, en] = browsers;
      await setStatusAsAdmin(ctx(), id, 'in_progress');
      const queued = await pushRows(id);
      expect(queued).toHaveLength(2);
      expect(queued.map((row) => [row.kind, row.status, row.language])).toEqual([
        ['status_update', 'pending', 'pt'],
        ['status_update', 'pending', 'en'],
      ]);

      expect(await processPushOnce(ctx().app.deps)).toEqual({ sent: 2, failed: 0, waiting: 0 });
      expect(service.refused).toEqual([]);
      expect(receivedBy(pt?.endpoint)).toEqual([
        {
          title: `Solicitação nº ${id}`,
          body: 'O reparo está em andamento. Toque para acompanhar.',
          url: `http://acende.test/track/${id}`,
          tag: `acende-request-${id}`,
        },
      ]);
      expect(receivedBy(en?.endpoint)).toEqual([
        {
          title: `Request no. ${id}`,
          body: 'The repair is in progress. Tap to follow it.',
          url: `http://acende.test/track/${id}`,
          tag: `acende-request-${id}`,
        },
      ]);
      const push = service.received.find((p) => p.endpoint === pt?.endpoint);
      const keys = await readVapidKeys(ctx().app.deps);
      expect(push).toMatchObject({
        ttl: 86_400,
        urgency: 'normal',
        topic: `acende-request-${id}`,
        publicKey: keys.publicKey,
        claims: { aud: service.origin, sub: 'mailto:admin@acende.test' },
      });
      const sent = await pushRows(id);
      for (const row of sent) {
        expect(row).toMatchObject({ status: 'sent', provider: 'web-push', body: '', attempts: 1 });
        expect(row.providerMessageId).toMatch(new RegExp(`^${service.origin}/message/\\d+$`));
      }
      // Nothing is sent twice.
      expect(await processPushOnce(ctx().app.deps)).toEqual({ sent: 0, failed: 0, waiting: 0 });
    });

    it('opens the rating page on completion', async () => {
      const { id, browsers } = await requestWithBrowsers('en');
      await setStatusAsAdmin(ctx(), id, 'completed');
      await processPushOnce(ctx().app.deps);
      const [notice] = receivedBy(browsers[0]?.endpoint);
      expect(notice).toMatchObject({ title: `Request no. ${id}`, body: 'The repair was completed. Tap to rate it.' });
      expect(notice.url).toMatch(new RegExp(`^http://acende\\.test/track/${id}\\?r=[\\w-]+#`));
    });

    it('removes a subscription its push service calls gone (410, 404), giving its notices up', async () => {
      const { id, browsers } = await requestWithBrowsers('pt', 'pt', 'pt');
      const [gone, missing, kept] = browsers;
      service.gone(gone?.endpoint as string);
      service.answerNext(missing?.endpoint as string, { status: 404 });
      await setStatusAsAdmin(ctx(), id, 'in_progress');
      expect(await processPushOnce(ctx().app.deps)).toEqual({ sent: 1, failed: 2, waiting: 0 });
      const left = await ctx()
        .db.selectFrom('pushSubscriptions')
        .select('endpoint')
        .where('requestId', '=', id)
        .execute();
      expect(left.map((s) => s.endpoint)).toEqual([kept?.endpoint]);
      expect((await pushRows(id)).map((row) => [row.status, row.lastError, row.body])).toEqual([
        ['failed', 'subscription gone', ''],
        ['failed', 'subscription gone', ''],
        ['sent', null, ''],
      ]);
      // The next change goes to the browser left only.
      await setStatusAsAdmin(ctx(), id, 'completed');
      expect(await pushRows(id)).toHaveLength(4);
      expect(await processPushOnce(ctx().app.deps)).toEqual({ sent: 1, failed: 0, waiting: 0 });
    });

    it('waits a 429’s Retry-After and backs off a 500, sending the notice once', async () => {
      const { id, browsers } = await requestWithBrowsers('pt');
      const endpoint = browsers[0]?.endpoint as string;
      service.answerNext(endpoint, { status: 429, headers: { 'retry-after': '120' } }, { status: 500 });
      await setStatusAsAdmin(ctx(), id, 'in_progress');
      expect(await processPushOnce(ctx().app.deps)).toEqual({ sent: 0, failed: 0, waiting: 1 });
      const [waiting] = await pushRows(id);
      expect(waiting?.lastError).toBe('push service 429');
      expect(Date.parse(waiting?.nextAttemptAt as string) - ctx().clock.now().getTime()).toBe(120_000);
      ctx().clock.advance(60_000);
      expect(await processPushOnce(ctx().app.deps)).toEqual({ sent: 0, failed: 0, waiting: 0 });
      ctx().clock.advance(60_000);
      expect(await processPushOnce(ctx().app.deps)).toEqual({ sent: 0, failed: 0, waiting: 1 });
      // The second failed attempt waits 60 s (30 s doubling).
      ctx().clock.advance(59_000);
      expect(await processPushOnce(ctx().app.deps)).toEqual({ sent: 0, failed: 0, waiting: 0 });
      ctx().clock.advance(1000);
      expect(await processPushOnce(ctx().app.deps)).toEqual({ sent: 1, failed: 0, waiting: 0 });
      expect(receivedBy(endpoint)).toHaveLength(1);
      expect((await pushRows(id))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    });

    it('gives a notice up at once when the push service refuses it for good (413)', async () => {
      const { id, browsers } = await requestWithBrowsers('pt');
      service.answerNext(browsers[0]?.endpoint as string, { status: 413, body: 'Payload Too Large' });
      await setStatusAsAdmin(ctx(), id, 'in_progress');
      expect(await processPushOnce(ctx().app.deps)).toEqual({ sent: 0, failed: 1, waiting: 0 });
      expect((await pushRows(id))[0]).toMatchObject({
        status: 'failed',
        lastError: 'push service 413: Payload Too Large',
        body: '',
      });
      // The subscription stays: the browser is still there.
      expect(
        await ctx().db.selectFrom('pushSubscriptions').selectAll().where('requestId', '=', id).execute(),
      ).toHaveLength(1);
    });

    it('counts push messages by state in /metrics', async () => {
      const res = await ctx().app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.statusCode).toBe(200);
      const count = (status: string) =>
        Number(
          new RegExp(`^acende_channel_messages\\{channel="push",status="${status}"\\} (\\d+)$`, 'm').exec(
            res.body,
          )?.[1],
        );
      const rows = await ctx().db.selectFrom('channelOutbox').select('status').where('channel', '=', 'push').execute();
      const expected = (status: string) => rows.filter((row) => row.status === status).length;
      expect(count('sent')).toBeGreaterThan(0);
      for (const status of ['pending', 'sent', 'failed', 'stopped']) expect(count(status)).toBe(expected(status));
    });
  },
  { env },
);
