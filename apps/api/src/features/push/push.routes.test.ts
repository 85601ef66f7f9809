// Browser push (issue 36, decision 0063) on both engines: the VAPID key pair made once and
// agreed on, the settings that never show its private key, a citizen's browser subscribing
// with the tracking token only and strictly, the cap per request, turning push off, the
// admin's test notice to their own browser (decrypted by a local push service,
// test/fake-push-service.ts), and anonymisation taking the subscriptions away.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { type FakePushService, pushServiceCertificate, startFakePushService } from '../../../test/fake-push-service.ts';
import { fileTracked, setStatusAsAdmin } from '../../../test/requests.ts';
import { readVapidKeys } from '../../core/channels/push-settings.service.ts';

// A built web app holding the real service worker, as `npm run build` copies it from apps/web/public.
const serviceWorker = join(import.meta.dirname, '../../../../web/public/sw.js');
const webDist = mkdtempSync(join(tmpdir(), 'acende-web-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
);
copyFileSync(serviceWorker, join(webDist, 'sw.js'));
// The build's compressed sibling, which a browser asking for br is sent.
writeFileSync(join(webDist, 'sw.js.br'), brotliCompressSync(readFileSync(serviceWorker)));

const env = { PUSH_EXTRA_HOSTS: '127.0.0.1', TEST_PUSH_CA_FILE: pushServiceCertificate().caFile, WEB_DIST: webDist };

describeEachEngine(
  'browser push: keys, subscriptions and settings',
  (ctx) => {
    let service: FakePushService;
    beforeAll(async () => {
      service = await startFakePushService();
    });
    afterAll(() => service.close());

    const subscribe = (id: number, token: string | undefined, body: unknown, language = 'pt') =>
      ctx().app.inject({
        method: 'POST',
        url: `/api/repair-requests/${id}/push-subscriptions${token === undefined ? '' : `?t=${token}`}`,
        headers: { 'accept-language': language },
        payload: body as Record<string, unknown>,
      });
    const subscriptionsOf = (id: number) =>
      ctx().db.selectFrom('pushSubscriptions').selectAll().where('requestId', '=', id).orderBy('id').execute();
    const admin = async () => (await signedIn(ctx(), { role: 'admin' })).headers;

    it('makes one VAPID key pair, which instances racing on an empty database agree on', async () => {
      const first = await ctx().app.inject({ url: '/api/push/public-key' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ enabled: true, publicKey: expect.stringMatching(/^B[\w-]{86}$/) });
      const again = await ctx().app.inject({ url: '/api/push/public-key' });
      expect(again.json().publicKey).toBe(first.json().publicKey);

      // As at a first start of several instances: the row is not there, each makes a pair, one insert wins.
      await ctx().db.deleteFrom('siteSettings').where('key', '=', 'push_vapid').execute();
      const raced = await Promise.all(Array.from({ length: 5 }, () => readVapidKeys(ctx().app.deps)));
      expect(new Set(raced.map((keys) => keys.publicKey)).size).toBe(1);
      expect(new Set(raced.map((keys) => keys.privateKey)).size).toBe(1);
      expect((await ctx().app.inject({ url: '/api/push/public-key' })).json().publicKey).toBe(raced[0]?.publicKey);
    });

    it('never shows the private key: not to the admin, not in the database in clear', async () => {
      const keys = await readVapidKeys(ctx().app.deps);
      const res = await ctx().app.inject({ url: '/api/admin/push-settings', headers: await admin() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        enabled: true,
        publicKey: keys.publicKey,
        subject: 'mailto:admin@acende.test',
        keysFrom: 'database',
        subscriptions: expect.any(Number),
      });
      expect(res.body).not.toContain(keys.privateKey);
      const stored = await ctx().db.selectFrom('siteSettings').selectAll().where('key', '=', 'push_vapid').execute();
      expect(JSON.stringify(stored)).not.toContain(keys.privateKey);
      expect(JSON.stringify(stored)).toContain(keys.publicKey);
      // A viewer or user does not read it at all.
      const user = await signedIn(ctx(), { role: 'user' });
      expect((await ctx().app.inject({ url: '/api/admin/push-settings', headers: user.headers })).statusCode).toBe(403);
    });

    it('subscribes with the tracking token only; a wrong or missing one is refused in the reader’s language', async () => {
      const { id, trackingToken } = await fileTracked(ctx().app);
      const browser = service.subscribe();
      const wrong = await subscribe(id, 'not-the-token', browser, 'en');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe(
        'Open the full tracking link (with its code) to get notices about this request.',
      );
      expect((await subscribe(id, undefined, browser)).statusCode).toBe(403);
      expect((await subscribe(999_999, trackingToken, browser)).statusCode).toBe(404);
      expect(await subscriptionsOf(id)).toHaveLength(0);

      const made = await subscribe(id, trackingToken, browser);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().message).toBe('Você receberá avisos neste aparelho.');
      // The same browser again: nothing new, its language renewed.
      const same = await subscribe(id, trackingToken, { ...browser, language: 'en' });
      expect(same.statusCode).toBe(200);
      expect(await subscriptionsOf(id)).toMatchObject([{ endpoint: browser.endpoint, language: 'en' }]);
    });

    it('takes the PushSubscription strictly: HTTPS, a push service, RFC 8291 keys, nothing else', async () => {
      const { id, trackingToken } = await fileTracked(ctx().app);
      const browser = service.subscribe();
      const refused = async (body: unknown, language: string, text: RegExp) => {
        const res = await subscribe(id, trackingToken, body, language);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toMatch(text);
      };
      const http = browser.endpoint.replace('https:', 'http:');
      await refused({ ...browser, endpoint: http }, 'pt', /deve ser um endereço https:\/\/ válido/);
      await refused({ ...browser, endpoint: http }, 'en', /must be a valid https:\/\/ address/);
      await refused({ ...browser, endpoint: 'https://user:pw@127.0.0.1/x' }, 'en', /valid https:\/\/ address/);
      await refused(
        { ...browser, keys: { ...browser.keys, p256dh: 'abc' } },
        'en',
        /keys the browser sent are not valid/,
      );
      await refused({ ...browser, keys: { p256dh: browser.keys.p256dh } }, 'pt', /chaves de avisos enviadas/);
      await refused({ ...browser, keys: { ...browser.keys, auth: `${browser.keys.auth}xx` } }, 'en', /not valid/);
      await refused({ ...browser, extra: 1 }, 'en', /Invalid value/);
      await refused({ endpoint: browser.endpoint }, 'en', /.+/);
      // Any HTTPS host but a browser's push service would make the server call it.
      await refused({ ...browser, endpoint: 'https://10.0.0.5/admin/delete' }, 'en', /notice service is not accepted/);
      await refused({ ...browser, endpoint: 'https://fcm.googleapis.com.evil.test/x' }, 'pt', /não é aceito/);
      expect(await subscriptionsOf(id)).toHaveLength(0);
    });

    it('caps the browsers of one request at 5, and lets one leave', async () => {
      const { id, trackingToken } = await fileTracked(ctx().app);
      const browsers = Array.from({ length: 6 }, () => service.subscribe());
      for (const browser of browsers.slice(0, 5)) {
        expect((await subscribe(id, trackingToken, browser)).statusCode).toBe(201);
      }
      const sixth = await subscribe(id, trackingToken, browsers[5], 'en');
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json().message).toBe(
        'This request already sends notices to 5 devices. Stop them on one of those to turn them on here.',
      );
      const leave = (token: string) =>
        ctx().app.inject({
          method: 'DELETE',
          url: `/api/repair-requests/${id}/push-subscriptions?t=${token}`,
          payload: { endpoint: browsers[0]?.endpoint },
        });
      expect((await leave('wrong')).statusCode).toBe(403);
      expect(await subscriptionsOf(id)).toHaveLength(5);
      expect((await leave(trackingToken)).statusCode).toBe(204);
      expect((await leave(trackingToken)).statusCode).toBe(204);
      expect((await subscribe(id, trackingToken, browsers[5])).statusCode).toBe(201);
      expect((await subscriptionsOf(id)).map((s) => s.endpoint)).not.toContain(browsers[0]?.endpoint);
    });

    it('turned off: pages offer nothing, subscribing is refused, no notice is queued; audited', async () => {
      const { id, trackingToken } = await fileTracked(ctx().app);
      expect((await subscribe(id, trackingToken, service.subscribe())).statusCode).toBe(201);
      const headers = await admin();
      const off = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/push-settings',
        headers,
        payload: { enabled: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().enabled).toBe(false);
      expect((await ctx().app.inject({ url: '/api/push/public-key' })).json().enabled).toBe(false);
      expect((await ctx().app.inject({ url: '/api/site' })).json().channels.push).toBe(false);
      const refused = await subscribe(id, trackingToken, service.subscribe(), 'en');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Browser notices are turned off for this service.');
      await setStatusAsAdmin(ctx(), id, 'in_progress');
      const queued = await ctx().db.selectFrom('channelOutbox').selectAll().where('requestId', '=', id).execute();
      expect(queued.filter((row) => row.channel === 'push')).toHaveLength(0);
      const audit = await ctx()
        .db.selectFrom('auditLog')
        .selectAll()
        .where('kind', '=', 'settings.push.update')
        .execute();
      expect(audit.map((row) => JSON.parse(row.after ?? '{}'))).toContainEqual({ enabled: false });

      const on = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/push-settings',
        headers,
        payload: { enabled: true },
      });
      expect(on.json().enabled).toBe(true);
      expect((await ctx().app.inject({ url: '/api/site' })).json().channels.push).toBe(true);
    });

    it('sends the admin a test notice in their browser at once, audited; a refusal is a 422', async () => {
      const browser = service.subscribe();
      const headers = { ...(await admin()), 'accept-language': 'en' };
      const sent = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/push-settings/send-test',
        headers,
        payload: { ...browser, language: 'pt' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().message).toMatch(/^Test notice sent/);
      const [notice] = service.received.filter((push) => push.endpoint === browser.endpoint);
      expect(JSON.parse(notice?.text ?? '{}')).toEqual({
        title: 'Acende: aviso de teste',
        body: 'Os avisos neste navegador funcionam.',
        url: 'http://acende.test/',
        tag: 'acende-test',
      });
      const rows = await ctx()
        .db.selectFrom('auditLog')
        .selectAll()
        .where('kind', '=', 'settings.push.test_send')
        .execute();
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]?.after ?? '{}')).toEqual({ service: new URL(service.origin).host, language: 'pt' });
      expect(JSON.stringify(rows)).not.toContain(browser.keys.auth);

      service.gone(browser.endpoint);
      const refused = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/push-settings/send-test',
        headers,
        payload: browser,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/^The push service refused the test notice: push service 410/);
      expect(service.refused).toEqual([]);
    });

    it('forgets the browsers of an anonymised request, and takes no new one for it', async () => {
      const { id, trackingToken } = await fileTracked(ctx().app);
      expect((await subscribe(id, trackingToken, service.subscribe())).statusCode).toBe(201);
      const headers = await admin();
      const erased = await ctx().app.inject({
        method: 'POST',
        url: `/api/admin/repair-requests/${id}/anonymize`,
        headers,
      });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(await subscriptionsOf(id)).toHaveLength(0);
      const refused = await subscribe(id, trackingToken, service.subscribe(), 'en');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/contact data was erased/);
    });

    it('serves the service worker at the root, as JavaScript the page’s policy lets run, checked again each time', async () => {
      const res = await ctx().app.inject({ url: '/sw.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
      expect(res.body).toBe(readFileSync(serviceWorker, 'utf8'));
      // A browser asks for br: the compressed file is still checked again each time.
      const compressed = await ctx().app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['cache-control']).toBe('no-cache');
    });

    it('makes a new pair when APP_SECRET changed, and drops the browsers the old one signed for', async () => {
      const { id, trackingToken } = await fileTracked(ctx().app);
      expect((await subscribe(id, trackingToken, service.subscribe())).statusCode).toBe(201);
      const before = await readVapidKeys(ctx().app.deps);
      const moved = {
        ...ctx().app.deps,
        config: { ...ctx().config, APP_SECRET: 'another-secret-another-secret-0123456789' },
      };
      const after = await readVapidKeys(moved);
      expect(after.publicKey).not.toBe(before.publicKey);
      expect(await readVapidKeys(moved)).toEqual(after);
      expect(await ctx().db.selectFrom('pushSubscriptions').selectAll().execute()).toHaveLength(0);
    });
  },
  { env },
);
