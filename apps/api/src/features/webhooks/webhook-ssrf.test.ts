// The SSRF guard of webhooks (decision 0065): an endpoint whose host is, or resolves to, a
// private, loopback, link-local, unique-local, carrier-grade NAT, unspecified or multicast
// address (IPv4-mapped ones too) is refused when saved, and again at every send — where the
// connection goes to the address just checked, so a name rebound to 127.0.0.1 reaches nothing.
// Only WEBHOOK_ALLOWED_NETWORKS lets such an address through. Both engines.
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { fileTracked } from '../../../test/requests.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { clearWebhooks, deliveryRows } from '../../../test/webhooks.ts';
import { processWebhooksOnce } from './webhook-worker.ts';

describeEachEngine('webhooks never call into a private network', (ctx) => {
  let admin: TestAccount;
  let receiver: WebhookReceiver;
  /** What the suite's "DNS" answers, name by name. */
  const names = new Map<string, string>();
  const save = (url: string, headers: Record<string, string> = { 'accept-language': 'en' }) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { ...admin.headers, ...headers },
      payload: { companyId: 1, url, events: ['request.filed'] },
    });
  const allowing = async <T>(networks: string, run: () => Promise<T>): Promise<T> => {
    ctx().app.deps.config.WEBHOOK_ALLOWED_NETWORKS = networks;
    try {
      return await run();
    } finally {
      ctx().app.deps.config.WEBHOOK_ALLOWED_NETWORKS = '';
    }
  };

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    receiver = await startWebhookReceiver();
    ctx().app.deps.resolveHost = async (host) => {
      const address = names.get(host);
      return address ? [{ address, family: address.includes(':') ? 6 : 4 }] : [];
    };
  });
  afterAll(async () => {
    await receiver?.close();
    ctx().app.deps.resolveHost = undefined;
  });

  it('refuses private, loopback, link-local and other internal addresses when an endpoint is saved', async () => {
    for (const host of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '10.255.1.2',
      '172.16.5.4',
      '192.168.0.10',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '[::1]',
      '[::]',
      '[fe80::1]',
      '[fc00::1]',
      '[fd12:3456::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:169.254.169.254]',
      '[::ffff:a00:1]',
    ]) {
      const res = await save(`http://${host}:8080/hook`);
      expect(res.statusCode, host).toBe(400);
      expect(res.json().errors?.url, host).toMatch(/private, local or reserved network/);
    }
    const pt = await save('http://169.254.169.254/latest/meta-data/', { 'accept-language': 'pt-BR' });
    expect(pt.json().message).toBe(
      '169.254.169.254 leva a um endereço de rede privada, local ou reservada, que o Acende não chama. Use um endereço público',
    );
    expect(await ctx().db.selectFrom('webhookEndpoints').selectAll().execute()).toEqual([]);
  });

  it('refuses a name that resolves to one: localhost, and names the resolver points inside', async () => {
    ctx().app.deps.resolveHost = undefined;
    expect((await save('http://localhost:8080/hook')).statusCode).toBe(400);
    ctx().app.deps.resolveHost = async (host) => {
      const address = names.get(host);
      return address ? [{ address, family: address.includes(':') ? 6 : 4 }] : [];
    };
    names.set('intranet.example', '10.0.0.5');
    names.set('metadata.example', '169.254.169.254');
    names.set('loopback.example', '127.0.0.1');
    names.set('open-web.example', '93.184.215.14');
    for (const host of ['intranet.example', 'metadata.example', 'loopback.example']) {
      const res = await save(`https://${host}/hook`);
      expect(res.statusCode, host).toBe(400);
      expect(res.json().message).toBe(
        `${host} leads to a private, local or reserved network address, which Acende does not call. Use a public address`,
      );
    }
    const nowhere = await save('https://nowhere.example/hook');
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().message).toBe('nowhere.example could not be found. Check the address');
    const ok = await save('https://open-web.example/hook');
    expect(ok.statusCode, ok.body).toBe(201);
    const moved = await ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/webhooks/${ok.json().id}`,
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { url: 'https://intranet.example/hook' },
    });
    expect(moved.statusCode).toBe(400);
  });

  it('checks again at each send: a name rebound to 127.0.0.1 or the metadata address is never called', async () => {
    await clearWebhooks(ctx());
    names.set('rebind.example', '93.184.215.14');
    expect((await save(`http://rebind.example:${receiver.port}/rebind`)).statusCode).toBe(201);
    names.set('rebind.example', '127.0.0.1');
    await fileTracked(ctx().app);
    await processWebhooksOnce(ctx().app.deps);
    names.set('rebind.example', '169.254.169.254');
    ctx().clock.advance(5000);
    await processWebhooksOnce(ctx().app.deps);
    expect(receiver.calls).toEqual([]);
    const [row] = await deliveryRows(ctx());
    expect(row).toMatchObject({
      state: 'pending',
      attempts: 2,
      lastStatus: null,
      lastError: 'refused: rebind.example resolves to 169.254.169.254, not a public address',
    });
  });

  it('checks an address saved while allowed, and localhost, at send too', async () => {
    await clearWebhooks(ctx());
    await allowing('127.0.0.0/8,::1/128', async () => {
      expect((await save(`http://127.0.0.1:${receiver.port}/literal`)).statusCode).toBe(201);
      ctx().app.deps.resolveHost = undefined;
      expect((await save(`http://localhost:${receiver.port}/localhost`)).statusCode).toBe(201);
    });
    await fileTracked(ctx().app);
    await processWebhooksOnce(ctx().app.deps);
    expect(receiver.calls).toEqual([]);
    const rows = await deliveryRows(ctx());
    expect(rows.map((r) => r.lastError?.replace(/resolves to \S+,/, 'resolves to …,'))).toEqual([
      'refused: 127.0.0.1 resolves to …, not a public address',
      'refused: localhost resolves to …, not a public address',
    ]);
    ctx().app.deps.resolveHost = async (host) => {
      const address = names.get(host);
      return address ? [{ address, family: address.includes(':') ? 6 : 4 }] : [];
    };
  });

  it('connects to the address it checked, not to a second lookup of the name', async () => {
    await clearWebhooks(ctx());
    // No DNS knows this name: only a connection pinned to the checked address reaches the receiver.
    names.set('pinned.example', '127.0.0.1');
    await allowing('127.0.0.0/8', async () => {
      expect((await save(`http://pinned.example:${receiver.port}/pinned`)).statusCode).toBe(201);
      await fileTracked(ctx().app);
      expect(await processWebhooksOnce(ctx().app.deps)).toEqual({ delivered: 1, retrying: 0, dead: 0 });
    });
    expect(receiver.calls.map((call) => [call.path, call.headers.host])).toEqual([
      ['/pinned', `pinned.example:${receiver.port}`],
    ]);
  });
});
