import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SECRET_PLACEHOLDER } from '@acende/shared/schemas/captcha';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, expect } from 'vitest';
import { createAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { captchaCspSources } from '../../core/captcha/captcha-csp.ts';

const request = {
  name: 'Maria da Silva Souza',
  phone: '(51) 99876-4321',
  address: 'Rua dos Andradas, 1234 - Centro Histórico, Porto Alegre - RS',
  problemType: 'LIGHT_OUT',
  latitude: '-30.0277',
  longitude: '-51.2287',
  company: '1',
};

/** Does what the browser widget does: fetch a challenge, solve it, encode the payload. */
async function solvedToken(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/captcha' });
  expect(res.statusCode).toBe(200);
  const challenge = res.json().challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function adminCookie(ctx: TestContext): Promise<string> {
  const account = await createAccount(ctx, { role: 'admin' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: account.username, password: account.password, captchaToken: await solvedToken(ctx) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name.endsWith('acende_session'));
  return `${cookie?.name}=${cookie?.value}`;
}

const webDist = mkdtempSync(join(tmpdir(), 'acende-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
const QUIET_GEOCODER = { GEOCODER_URL: 'http://127.0.0.1:9', WEB_DIST: webDist };

describeEachEngine(
  'captcha (ALTCHA by default)',
  (ctx) => {
    const post = (body: object, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: body, headers });

    it('gives the public side a challenge and nothing secret', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/captcha' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ enabled: true, provider: 'altcha', siteKey: null });
      expect(body.challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 250 });
      expect(body.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(body)).not.toMatch(/secret/i);
      const page = await ctx().app.inject({ method: 'GET', url: '/' });
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    });

    it('refuses a request without a solution, in the reader language', async () => {
      const pt = await post(request);
      expect(pt.statusCode).toBe(400);
      expect(pt.json().message).toBe('Conclua a verificação contra robôs antes de enviar.');
      const en = await post(request, { 'accept-language': 'en' });
      expect(en.json().message).toBe('Complete the robot check before submitting.');
    });

    it('accepts a solved challenge once and refuses it when replayed', async () => {
      const captchaToken = await solvedToken(ctx());
      const first = await post({ ...request, captchaToken });
      expect(first.statusCode, first.body).toBe(201);
      const again = await post({ ...request, captchaToken });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('Esta verificação já foi usada. Faça a verificação de novo.');
    });

    it('answers a retried filing (same Idempotency-Key, its spent captcha) with the stored request', async () => {
      const captchaToken = await solvedToken(ctx());
      const headers = { 'idempotency-key': 'captcha-retry-key-0001' };
      const first = await post({ ...request, captchaToken }, headers);
      expect(first.statusCode, first.body).toBe(201);
      const retry = await post({ ...request, captchaToken }, headers);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json()).toEqual(first.json());
      // Another request under the same key is not a retry.
      const other = await post({ ...request, phone: '(51) 3333-2222', captchaToken }, headers);
      expect(other.statusCode).toBe(409);
      // A spent captcha without a stored request behind its key is still refused.
      const stranger = await post({ ...request, captchaToken }, { 'idempotency-key': 'captcha-retry-key-0002' });
      expect(stranger.statusCode).toBe(400);
    });

    it('refuses a forged or tampered solution', async () => {
      const token = await solvedToken(ctx());
      const payload = JSON.parse(Buffer.from(token, 'base64').toString());
      payload.solution.derivedKey = '00'.repeat(32);
      const tampered = Buffer.from(JSON.stringify(payload)).toString('base64');
      const res = await post({ ...request, captchaToken: tampered }, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The robot check failed. Please do the check again.');
      // The widget's own test mode must not pass either.
      const test = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64');
      expect((await post({ ...request, captchaToken: test })).statusCode).toBe(400);
      expect((await post({ ...request, captchaToken: 'not base64 json' })).statusCode).toBe(400);
    });

    it('refuses an expired challenge', async () => {
      const captchaToken = await solvedToken(ctx());
      ctx().clock.advance(11 * 60 * 1000);
      const res = await post({ ...request, captchaToken });
      ctx().clock.advance(-11 * 60 * 1000);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A verificação contra robôs expirou. Faça a verificação de novo.');
    });

    it('guards the admin login and the password-reset request', async () => {
      const account = await createAccount(ctx(), { role: 'admin' });
      const login = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: account.username, password: account.password },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json().message).toBe('Conclua a verificação contra robôs antes de enviar.');
      const reset = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/request-password-reset',
        payload: { username: account.username },
      });
      expect(reset.statusCode).toBe(400);
      const solvedReset = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/request-password-reset',
        payload: { username: account.username, captchaToken: await solvedToken(ctx()) },
      });
      expect(solvedReset.statusCode, solvedReset.body).toBe(200);
      expect(await adminCookie(ctx())).toMatch(/acende_session=/);
    });

    it('keeps an account under attack from many sources open to its owner, with a solved check', async () => {
      const account = await createAccount(ctx(), { role: 'user' });
      const attempt = async (password: string, remoteAddress: string, captcha: boolean, language = 'pt') =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: {
            username: account.username,
            password,
            ...(captcha ? { captchaToken: await solvedToken(ctx()) } : {}),
          },
          remoteAddress,
          headers: { 'accept-language': language },
        });
      // Sources A, B and C fail 5 times each (with solved checks), and are then refused for this account.
      for (const source of ['10.77.0.1', '10.77.0.2', '10.77.0.3']) {
        for (let i = 0; i < 5; i += 1) expect((await attempt(`guess-${i}`, source, true)).statusCode).toBe(401);
        expect((await attempt(account.password, source, true)).statusCode).toBe(429);
      }
      // A fresh source D: without the check, the check is asked for (not a lockout) in the reader's language...
      const bare = await attempt(account.password, '10.77.0.4', false, 'en');
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toEqual({
        message: 'Complete the robot check before submitting.',
        errors: { captchaToken: 'Complete the robot check before submitting.' },
      });
      // ...and with it, the right password signs in.
      const solved = await attempt(account.password, '10.77.0.4', true);
      expect(solved.statusCode, solved.body).toBe(200);
      expect(solved.cookies.find((c) => c.name.endsWith('acende_session'))?.value).toBeTruthy();
    });

    it('lets only admins read and change the settings, and never returns the secret', async () => {
      expect((await ctx().app.inject({ method: 'GET', url: '/api/admin/captcha-settings' })).statusCode).toBe(401);
      const cookie = await adminCookie(ctx());
      const get = await ctx().app.inject({ method: 'GET', url: '/api/admin/captcha-settings', headers: { cookie } });
      expect(get.json()).toEqual({
        enabled: true,
        provider: 'altcha',
        siteKey: null,
        secretKey: null,
        disabledByEnvironment: false,
      });

      const missing = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/captcha-settings',
        headers: { cookie, 'accept-language': 'en' },
        payload: { enabled: true, provider: 'hcaptcha', siteKey: 'site-123' },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors.secretKey).toBe('The secret key is required for this service');

      const secret = 'very-secret-key-0123456789';
      const saved = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/captcha-settings',
        headers: { cookie },
        payload: { enabled: true, provider: 'hcaptcha', siteKey: 'site-123', secretKey: secret },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().secretKey).toBe(SECRET_PLACEHOLDER);
      const again = await ctx().app.inject({ method: 'GET', url: '/api/admin/captcha-settings', headers: { cookie } });
      expect(again.body).not.toContain(secret);
      expect(again.json()).toMatchObject({ provider: 'hcaptcha', siteKey: 'site-123', secretKey: SECRET_PLACEHOLDER });
      const pub = await ctx().app.inject({ method: 'GET', url: '/api/captcha' });
      expect(pub.json()).toEqual({ enabled: true, provider: 'hcaptcha', siteKey: 'site-123', challenge: null });
      const stored = await ctx().db.selectFrom('siteSettings').select('value').where('key', '=', 'captcha').execute();
      expect(JSON.stringify(stored)).not.toContain(secret);

      const user = await createAccount(ctx(), { role: 'user' });
      const userLogin = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: user.username, password: user.password, captchaToken: 'anything' },
      });
      // hCaptcha is now chosen but its endpoint is unreachable from tests: the check cannot pass.
      expect([400, 503]).toContain(userLogin.statusCode);

      // Back to ALTCHA and then off: no token needed any more.
      const off = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/captcha-settings',
        headers: { cookie },
        payload: { enabled: false, provider: 'altcha', siteKey: '', secretKey: SECRET_PLACEHOLDER },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/captcha' })).json().enabled).toBe(false);
      expect((await post(request)).statusCode).toBe(201);
      const on = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/captcha-settings',
        headers: { cookie },
        payload: { enabled: true, provider: 'altcha', secretKey: null },
      });
      expect(on.json()).toMatchObject({ enabled: true, provider: 'altcha', secretKey: null });
      expect((await post(request)).statusCode).toBe(400);
    });

    it('refuses non-admins', async () => {
      const user = await createAccount(ctx(), { role: 'user' });
      const login = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: user.username, password: user.password, captchaToken: await solvedToken(ctx()) },
      });
      const c = login.cookies.find((x) => x.name.endsWith('acende_session'));
      const res = await ctx().app.inject({
        method: 'GET',
        url: '/api/admin/captcha-settings',
        headers: { cookie: `${c?.name}=${c?.value}` },
      });
      expect(res.statusCode).toBe(403);
    });
  },
  { env: { CAPTCHA: 'on', ...QUIET_GEOCODER } },
);

/** A stand-in for Turnstile / reCAPTCHA / hCaptcha siteverify: success only for the right secret and token. */
const received: URLSearchParams[] = [];
let provider: Server;
let providerUrl = 'http://127.0.0.1:1';
beforeAll(async () => {
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      const success = form.get('secret') === 'provider-secret' && form.get('response') === 'good-token';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success, 'error-codes': success ? [] : ['invalid-input-response'] }));
    });
  });
  provider.listen(0, '127.0.0.1');
  await once(provider, 'listening');
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/siteverify`;
});
afterAll(() => provider?.close());

for (const name of ['turnstile', 'recaptcha', 'hcaptcha'] as const) {
  describeEachEngine(
    `captcha with ${name}`,
    (ctx) => {
      it('verifies the token with the provider (a stand-in server) and refuses a bad one', async () => {
        const cookie = await adminCookie(ctx());
        const saved = await ctx().app.inject({
          method: 'POST',
          url: '/api/admin/captcha-settings',
          headers: { cookie },
          payload: { enabled: true, provider: name, siteKey: 'provider-site', secretKey: 'provider-secret' },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const pub = (await ctx().app.inject({ method: 'GET', url: '/api/captcha' })).json();
        expect(pub).toEqual({ enabled: true, provider: name, siteKey: 'provider-site', challenge: null });

        const post = (captchaToken?: string) =>
          ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: { ...request, captchaToken } });
        received.length = 0;
        expect((await post('good-token')).statusCode).toBe(201);
        expect(received[0]?.get('secret')).toBe('provider-secret');
        expect(received[0]?.get('response')).toBe('good-token');
        if (name === 'hcaptcha') expect(received[0]?.get('sitekey')).toBe('provider-site');
        // The page allows the provider's widget to load, and only then.
        const page = await ctx().app.inject({ method: 'GET', url: '/' });
        const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1] ?? '';
        for (const origin of captchaCspSources(name)['script-src'] ?? []) expect(scriptSrc).toContain(origin);
        const bad = await post('bad-token');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe('A verificação contra robôs falhou. Faça a verificação de novo.');
        expect((await post()).statusCode).toBe(400);
      });
    },
    {
      env: {
        CAPTCHA: 'on',
        ...QUIET_GEOCODER,
        get CAPTCHA_VERIFY_URL() {
          return providerUrl;
        },
      },
    },
  );
}

describeEachEngine(
  'CAPTCHA=off',
  (ctx) => {
    it('turns captcha off whatever the stored setting says', async () => {
      const now = ctx().clock.now().toISOString();
      await ctx()
        .db.insertInto('siteSettings')
        .values({ key: 'captcha', value: JSON.stringify({ enabled: true, provider: 'altcha' }), updatedAt: now })
        .execute();
      expect((await ctx().app.inject({ method: 'GET', url: '/api/captcha' })).json()).toEqual({
        enabled: false,
        provider: 'altcha',
        siteKey: null,
        challenge: null,
      });
      const res = await ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: request });
      expect(res.statusCode, res.body).toBe(201);
    });
  },
  { env: { CAPTCHA: 'off', ...QUIET_GEOCODER } },
);
