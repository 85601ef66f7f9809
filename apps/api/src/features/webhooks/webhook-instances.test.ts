// Two instances on one database, each running the webhook worker (decision 0065): every event
// reaches the receiver exactly once (its id seen once), and each request's events in the order
// they happened, whichever instance sent them. Both engines.
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { fileTracked } from '../../../test/requests.ts';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { addEndpoint, changeRequest } from '../../../test/webhooks.ts';
import { type App, buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { startWebhookWorker } from './webhook-worker.ts';

const REQUESTS = 12;

describeEachEngine(
  'webhooks from two instances',
  (ctx) => {
    let admin: TestAccount;
    let receiver: WebhookReceiver;
    let second: App;

    beforeAll(async () => {
      admin = await signedIn(ctx(), { role: 'admin' });
      receiver = await startWebhookReceiver();
      const db = createDatabase(ctx().config.DATABASE_URL, { poolSize: 5 });
      second = await buildApp({ config: ctx().config, db, clock: ctx().clock, logger: false });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      await second?.deps.db.destroy();
      await receiver?.close();
    });

    it('sends each event once, in order per request, with both workers running', { timeout: 60_000 }, async () => {
      const { secret } = await addEndpoint(ctx(), admin, {
        url: `${receiver.url}/both`,
        events: ['request.filed', 'request.changed', 'request.completed'],
      });
      // Slow answers, so the two workers' rounds overlap.
      receiver.otherwise = { status: 200, delayMs: 15 };
      const ids: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) ids.push((await fileTracked(ctx().app)).id);
      for (const id of ids) {
        await changeRequest(ctx(), admin, id, { status: 'in_progress' });
        await changeRequest(ctx(), admin, id, { status: 'completed' });
      }
      ctx().clock.advance(1000);
      const expected = REQUESTS * 4;
      const workers = [ctx().app, second].map((app) => startWebhookWorker(app.deps, { intervalMs: 5 }));
      try {
        await vi.waitFor(() => expect(receiver.calls.length).toBeGreaterThanOrEqual(expected), {
          timeout: 45_000,
          interval: 50,
        });
        // A moment more: a second send of anything would arrive now.
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      expect(receiver.calls).toHaveLength(expected);
      const messages = receiver.calls.map(
        (call) =>
          verifyWebhook(secret, call, ctx().clock.now()) as { id: string; type: string; data: { requestId: number } },
      );
      expect(new Set(messages.map((m) => m.id)).size).toBe(expected);
      for (const id of ids) {
        expect(messages.filter((m) => m.data.requestId === id).map((m) => m.type)).toEqual([
          'request.filed',
          'request.changed',
          'request.changed',
          'request.completed',
        ]);
      }
      const states = await ctx().db.selectFrom('webhookDeliveries').select(['state', 'attempts']).execute();
      expect(states.every((row) => row.state === 'delivered' && row.attempts === 1)).toBe(true);
    });
  },
  { env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' } },
);
