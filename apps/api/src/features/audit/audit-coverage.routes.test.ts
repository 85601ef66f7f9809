// Every admin-area write leaves exactly one audit row (issue 24). The test walks the OpenAPI
// document: each POST, PUT, PATCH and DELETE under /api/admin needs a case in CASES, so a new
// route without one fails here by name. A case is one line: audited(kind, call) or
// notAudited(reason, call). Both engines.
import { DEFAULT_THEME } from '@acende/shared/schemas/theme';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect } from 'vitest';
import { createAccount, signedIn, type TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { insertPole } from '../../../test/citizen-poles.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { type FakeMetaWhatsapp, startFakeMetaWhatsapp } from '../../../test/fake-meta-whatsapp.ts';
import { pushServiceCertificate, startFakePushService } from '../../../test/fake-push-service.ts';
import { type FakeTwilio, startFakeTwilio } from '../../../test/fake-twilio.ts';
import { smallPng } from '../../../test/photos.ts';
import { validRequest } from '../../../test/requests.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { hashToken } from '../../lib/tokens.ts';

const SMTP_USER = 'mailer';
const SMTP_PASS = 'smtp-Secret-Pass-Audit-42';
const CAPTCHA_SECRET = 'captcha-Secret-Key-Audit-42';
const NEW_USER_PASSWORD = 'new-User-Password-Audit-42';
const SET_PASSWORD = 'set-Password-Audit-42';
const CHANGED_PASSWORD = 'changed-Password-Audit-42';
const RESET_PASSWORD = 'reset-Password-Audit-42';
const RESET_TOKEN = 'reset-Token-Audit-42-abcdefghijklmnopqrstuvwxyz';
/** A company's webhook at a public address (saving one resolves it; nothing is sent). */
const webhook = { companyId: 3, url: 'https://93.184.215.14/acende', events: ['request.rated'] };
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** What a case gets: the app, a signed-in admin, and the objects the calls change. */
interface Env {
  ctx: TestContext;
  admin: TestAccount;
  smtp: SmtpCapture;
  /** A stand-in for Twilio's Messages API (issue 36). */
  twilio: FakeTwilio;
  /** A stand-in for Meta's WhatsApp Cloud API (issue 36). */
  meta: FakeMetaWhatsapp;
  requestId: number;
  /** Sends a call as the admin. */
  send(
    method: string,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

interface Case {
  /** The audit row's kind, or null when the route writes none (then `reason` says why). */
  kind: string | null;
  reason?: string;
  /** The account the row names; the admin's by default. */
  actor?: (env: Env, prepared: Prepared) => number | null;
  /** Work before the rows are counted (objects to change, another account). */
  prepare?: (env: Env) => Promise<Prepared>;
  call: (env: Env, prepared: Prepared) => Promise<LightMyRequestResponse>;
}
type Prepared = Record<string, unknown> & { id?: number; account?: TestAccount };

/** A crew of company 1 for the work-order cases. */
const auditCrew = async (env: Env, name: string): Promise<number> =>
  (await env.send('POST', '/api/admin/crews', { companyId: 1, name })).json().id;
/** A new open request of company 1, as the wizard files it. */
const fileForAudit = async (env: Env): Promise<number> =>
  (await env.ctx.app.inject({ method: 'POST', url: '/api/repair-requests', payload: validRequest })).json().id;

const audited = (kind: string, call: Case['call'], more: Omit<Case, 'kind' | 'call'> = {}): Case => ({
  kind,
  call,
  ...more,
});
const notAudited = (reason: string, call: Case['call'], more: Omit<Case, 'kind' | 'call' | 'reason'> = {}): Case => ({
  kind: null,
  reason,
  call,
  ...more,
});

const smtpSettings = (env: Env, pass = SMTP_PASS) => ({
  enabled: true,
  host: env.smtp.host,
  port: env.smtp.port,
  secure: false,
  auth: { user: SMTP_USER, pass },
  from: 'Acende <no-reply@acende.test>',
});
const smsSettings = (env: Env) => ({
  enabled: true,
  provider: 'twilio',
  baseUrl: env.twilio.url,
  accountSid: env.twilio.accountSid,
  token: env.twilio.authToken,
  from: '+5551400000000',
  dailyCap: 5,
});
const whatsappSettings = (env: Env) => ({
  enabled: true,
  baseUrl: env.meta.url,
  apiVersion: env.meta.apiVersion,
  phoneNumberId: env.meta.phoneNumberId,
  accessToken: env.meta.accessToken,
  appSecret: env.meta.appSecret,
  dailyCap: 5,
});
const company = { name: 'Audit Energia', fullName: 'Audit Energia S.A.', active: true };
const replyTemplate = {
  name: 'Audit modelo',
  status: 'in_progress',
  textPt: 'Equipe enviada.',
  textEn: 'Crew on its way.',
};
const pole = (number: string) => ({
  companyId: 1,
  number,
  latitude: -30.03,
  longitude: -51.23,
  street: 'Rua A',
  active: true,
});
const newAccount = async (env: Env): Promise<Prepared> => ({ id: (await createAccount(env.ctx, { role: 'user' })).id });
const newSession = async (env: Env): Promise<Prepared> => {
  const account = await signedIn(env.ctx, { role: 'user' });
  return { id: account.id, account };
};
const asAccount = (prepared: Prepared) => prepared.id ?? null;

/** A signed-in account of its own with the second factor on (its key and recovery codes). */
const enrolled = async (env: Env, role: 'user' | 'admin' = 'user'): Promise<Prepared> => {
  const account = await signedIn(env.ctx, { role });
  const post = (url: string, payload: object) =>
    env.ctx.app.inject({ method: 'POST', url, headers: account.headers, payload });
  const { secret } = (await post('/api/admin/two-factor/setup', {})).json() as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: env.ctx.clock.now().getTime() });
  const confirm = await post('/api/admin/two-factor/confirm', { code, password: account.password });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
  return { id: account.id, account, secret, recoveryCodes };
};
const fileRequest = async (env: Env): Promise<Prepared> => {
  const res = await env.ctx.app.inject({ method: 'POST', url: '/api/repair-requests', payload: validRequest });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id };
};

/** A request filed with one photo (decision 0033). */
const filePhoto = async (env: Env): Promise<Prepared> => {
  const res = await env.ctx.app.inject({ method: 'POST', url: '/api/repair-requests', payload: validRequest });
  expect(res.statusCode, res.body).toBe(201);
  const { id, trackingToken } = res.json();
  const photo = await env.ctx.app.inject({
    method: 'POST',
    url: `/api/repair-requests/${id}/photos?t=${trackingToken}`,
    headers: { 'content-type': 'image/png' },
    payload: await smallPng(),
  });
  expect(photo.statusCode, photo.body).toBe(201);
  return { id, photoId: photo.json().id };
};

/** One entry per admin write route, keyed as `METHOD /path` the way the OpenAPI document names it. */
const CASES: Record<string, Case> = {
  'POST /api/admin/login': audited(
    'auth.login',
    (env, p) =>
      env.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: p.username, password: p.password },
      }),
    {
      prepare: async (env) => ({ ...(await createAccount(env.ctx, { role: 'viewer' })) }),
      actor: (_env, p) => asAccount(p),
    },
  ),
  'POST /api/admin/login/link': audited(
    'auth.login',
    (env, p) => env.ctx.app.inject({ method: 'POST', url: '/api/admin/login/link', payload: { token: p.token } }),
    {
      // A live link, as the budget's e-mail would leave it (decision 0042).
      prepare: async (env) => {
        const account = await createAccount(env.ctx, { role: 'viewer' });
        const token = `audit-sign-in-link-${account.id}-${env.ctx.engine}`;
        const link = { adminId: account.id, tokenHash: hashToken(token), expiresAt: '2999-01-01T00:00:00.000Z' };
        await env.ctx.db
          .insertInto('signInLinks')
          .values({ ...link, sentAt: '2000-01-01T00:00:00.000Z' })
          .execute();
        return { id: account.id, token };
      },
      actor: (_env, p) => asAccount(p),
    },
  ),
  'POST /api/admin/logout': audited(
    'auth.logout',
    (env, p) => env.ctx.app.inject({ method: 'POST', url: '/api/admin/logout', headers: p.account?.headers }),
    { prepare: newSession, actor: (_env, p) => asAccount(p) },
  ),
  'POST /api/admin/change-password': audited(
    'auth.password.change',
    (env, p) =>
      env.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/change-password',
        headers: p.account?.headers,
        payload: { currentPassword: p.account?.password, newPassword: CHANGED_PASSWORD },
      }),
    { prepare: newSession, actor: (_env, p) => asAccount(p) },
  ),
  'POST /api/admin/request-password-reset': audited(
    'auth.password.reset.request',
    (env) =>
      env.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/request-password-reset',
        payload: { username: 'nobody-here' },
      }),
    { actor: () => null },
  ),
  'POST /api/admin/complete-password-reset': audited(
    'auth.password.reset.complete',
    (env) =>
      env.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/complete-password-reset',
        payload: { token: RESET_TOKEN, newPassword: RESET_PASSWORD },
      }),
    {
      prepare: async (env) => {
        const account = await createAccount(env.ctx, { role: 'user' });
        await env.ctx.db
          .updateTable('admins')
          .set({
            resetTokenHash: hashToken(RESET_TOKEN),
            resetTokenExpiry: new Date(Date.now() + 3_600_000).toISOString(),
          })
          .where('id', '=', account.id)
          .execute();
        return { id: account.id };
      },
      actor: (_env, p) => asAccount(p),
    },
  ),
  'POST /api/admin/users': audited('user.create', (env) =>
    env.send('POST', '/api/admin/users', {
      username: `made-${env.ctx.engine}`,
      name: 'Made Here',
      email: null,
      role: 'viewer',
      companies: [1],
      password: NEW_USER_PASSWORD,
    }),
  ),
  'PUT /api/admin/users/{id}': audited(
    'user.password.set',
    (env, p) =>
      env.send('PUT', `/api/admin/users/${p.id}`, {
        username: `renamed-${env.ctx.engine}`,
        name: 'Renamed',
        email: null,
        role: 'viewer',
        companies: [2],
        password: SET_PASSWORD,
      }),
    { prepare: newAccount },
  ),
  'PATCH /api/admin/repair-requests/{id}': audited('request.update', async (env) => {
    const read = await env.send('GET', `/api/admin/repair-requests/${env.requestId}`);
    return env.send('PATCH', `/api/admin/repair-requests/${env.requestId}`, {
      status: 'in_progress',
      updatedAt: read.json().updatedAt,
      notes: 'Equipe a caminho',
    });
  }),
  'POST /api/admin/repair-requests/{id}/transfer': audited(
    'request.transfer',
    async (env, p) => {
      const read = await env.send('GET', `/api/admin/repair-requests/${p.id}`);
      return env.send('POST', `/api/admin/repair-requests/${p.id}/transfer`, {
        companyId: 2,
        reason: 'Poste da Certel',
        updatedAt: read.json().updatedAt,
      });
    },
    { prepare: fileRequest },
  ),
  'POST /api/admin/repair-requests/bulk': audited(
    'request.update',
    async (env, p) => {
      const read = await env.send('GET', `/api/admin/repair-requests/${p.id}`);
      return env.send('POST', '/api/admin/repair-requests/bulk', {
        change: { action: 'status', status: 'in_progress' },
        items: [{ id: p.id, updatedAt: read.json().updatedAt }],
      });
    },
    { prepare: fileRequest },
  ),
  'POST /api/admin/energy-companies': audited('company.create', (env) =>
    env.send('POST', '/api/admin/energy-companies', company),
  ),
  'PUT /api/admin/energy-companies/{id}': audited(
    'company.update',
    (env, p) =>
      env.send('PUT', `/api/admin/energy-companies/${p.id}`, { ...company, name: 'Audit Luz', active: false }),
    { prepare: async (env) => ({ id: (await env.send('POST', '/api/admin/energy-companies', company)).json().id }) },
  ),
  'DELETE /api/admin/energy-companies/{id}': audited(
    'company.delete',
    (env, p) => env.send('DELETE', `/api/admin/energy-companies/${p.id}`),
    { prepare: async (env) => ({ id: (await env.send('POST', '/api/admin/energy-companies', company)).json().id }) },
  ),
  'POST /api/admin/reply-templates': audited('template.create', (env) =>
    env.send('POST', '/api/admin/reply-templates', replyTemplate),
  ),
  'PUT /api/admin/reply-templates/{id}': audited(
    'template.update',
    (env, p) => env.send('PUT', `/api/admin/reply-templates/${p.id}`, { ...replyTemplate, textEn: 'Crew sent.' }),
    {
      prepare: async (env) => ({ id: (await env.send('POST', '/api/admin/reply-templates', replyTemplate)).json().id }),
    },
  ),
  'DELETE /api/admin/reply-templates/{id}': audited(
    'template.delete',
    (env, p) => env.send('DELETE', `/api/admin/reply-templates/${p.id}`),
    {
      prepare: async (env) => ({ id: (await env.send('POST', '/api/admin/reply-templates', replyTemplate)).json().id }),
    },
  ),
  'POST /api/admin/open311-keys': audited('open311.key.issue', (env) =>
    env.send('POST', '/api/admin/open311-keys', { name: 'Audit 156' }),
  ),
  'POST /api/admin/open311-keys/{id}/revoke': audited(
    'open311.key.revoke',
    (env, p) => env.send('POST', `/api/admin/open311-keys/${p.id}/revoke`),
    {
      prepare: async (env) => ({
        id: (await env.send('POST', '/api/admin/open311-keys', { name: 'Audit 156' })).json().id,
      }),
    },
  ),
  'POST /api/admin/webhooks': audited('webhook.create', (env) => env.send('POST', '/api/admin/webhooks', webhook)),
  'PATCH /api/admin/webhooks/{id}': audited(
    'webhook.update',
    (env, p) => env.send('PATCH', `/api/admin/webhooks/${p.id}`, { active: false }),
    { prepare: async (env) => ({ id: (await env.send('POST', '/api/admin/webhooks', webhook)).json().id }) },
  ),
  'POST /api/admin/webhooks/{id}/secret': audited(
    'webhook.rotate',
    (env, p) => env.send('POST', `/api/admin/webhooks/${p.id}/secret`),
    { prepare: async (env) => ({ id: (await env.send('POST', '/api/admin/webhooks', webhook)).json().id }) },
  ),
  'DELETE /api/admin/webhooks/{id}': audited(
    'webhook.delete',
    (env, p) => env.send('DELETE', `/api/admin/webhooks/${p.id}`),
    { prepare: async (env) => ({ id: (await env.send('POST', '/api/admin/webhooks', webhook)).json().id }) },
  ),
  'POST /api/admin/webhooks/deliveries/{id}/replay': audited(
    'webhook.replay',
    (env, p) => env.send('POST', `/api/admin/webhooks/deliveries/${p.id}/replay`),
    {
      prepare: async (env) => {
        const endpointId = (await env.send('POST', '/api/admin/webhooks', webhook)).json().id;
        const at = env.ctx.clock.now().toISOString();
        const row = await env.ctx.db
          .insertInto('webhookDeliveries')
          .values({
            endpointId,
            messageId: `msg_audit_${endpointId}`,
            eventType: 'request.filed',
            requestId: env.requestId,
            payload: '{}',
            eventAt: at,
            state: 'dead',
            retryFrom: at,
            createdAt: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: row.id };
      },
    },
  ),
  'POST /api/admin/integration-keys': audited('integration.key.issue', (env) =>
    env.send('POST', '/api/admin/integration-keys', { companyId: 1, name: 'Audit SAP' }),
  ),
  'POST /api/admin/integration-keys/{id}/revoke': audited(
    'integration.key.revoke',
    (env, p) => env.send('POST', `/api/admin/integration-keys/${p.id}/revoke`),
    {
      prepare: async (env) => ({
        id: (await env.send('POST', '/api/admin/integration-keys', { companyId: 1, name: 'Audit SAP' })).json().id,
      }),
    },
  ),
  'POST /api/admin/crews': audited('crew.create', (env) =>
    env.send('POST', '/api/admin/crews', { companyId: 1, name: 'Audit crew' }),
  ),
  'PATCH /api/admin/crews/{id}': audited(
    'crew.update',
    (env, p) => env.send('PATCH', `/api/admin/crews/${p.id}`, { active: false }),
    { prepare: async (env) => ({ id: await auditCrew(env, 'Audit crew 2') }) },
  ),
  'POST /api/admin/work-orders': audited(
    'work-order.create',
    (env, p) =>
      env.send('POST', '/api/admin/work-orders', { crewId: p.id, day: '2026-12-01', requestIds: [p.requestId] }),
    { prepare: async (env) => ({ id: await auditCrew(env, 'Audit crew 3'), requestId: await fileForAudit(env) }) },
  ),
  'POST /api/admin/work-orders/{id}/cancel': audited(
    'work-order.cancel',
    (env, p) => env.send('POST', `/api/admin/work-orders/${p.id}/cancel`),
    {
      prepare: async (env) => {
        const crewId = await auditCrew(env, 'Audit crew 4');
        const body = { crewId, day: '2026-12-01', requestIds: [await fileForAudit(env)] };
        return { id: (await env.send('POST', '/api/admin/work-orders', body)).json().id };
      },
    },
  ),
  'POST /api/admin/materials': audited('material.create', (env) =>
    env.send('POST', '/api/admin/materials', { companyId: 1, name: 'Audit lamp', unit: 'un' }),
  ),
  'PATCH /api/admin/materials/{id}': audited(
    'material.update',
    (env, p) => env.send('PATCH', `/api/admin/materials/${p.id}`, { active: false }),
    {
      prepare: async (env) => ({
        id: (await env.send('POST', '/api/admin/materials', { companyId: 1, name: 'Audit relay', unit: 'un' })).json()
          .id,
      }),
    },
  ),
  'POST /api/admin/poles': audited('pole.create', (env) => env.send('POST', '/api/admin/poles', pole('AUD-1'))),
  'PUT /api/admin/poles/{id}': audited(
    'pole.update',
    (env, p) => env.send('PUT', `/api/admin/poles/${p.id}`, { ...pole('AUD-2'), street: 'Rua B' }),
    {
      prepare: async (env) => ({
        id: await insertPole(env.ctx.db, { companyId: 1, number: 'AUD-2', street: 'Rua A' }),
      }),
    },
  ),
  'POST /api/admin/poles/import/preview': notAudited('a check of a file: writes nothing', (env) =>
    env.send('POST', '/api/admin/poles/import/preview?companyId=1', 'numero;latitude;longitude\nAUD-9;-30;-51\n', {
      'content-type': 'text/csv',
    }),
  ),
  'POST /api/admin/poles/import': audited('admin-poles.poles.import', (env) =>
    env.send(
      'POST',
      '/api/admin/poles/import?companyId=1',
      'numero;latitude;longitude\nAUD-3;-30;-51\nAUD-4;-30.1;-51\n',
      {
        'content-type': 'text/csv',
      },
    ),
  ),
  'POST /api/admin/poles/labels': audited(
    'poles.labels.export',
    (env, p) => env.send('POST', '/api/admin/poles/labels', { poleIds: [p.id] }),
    { prepare: async (env) => ({ id: await insertPole(env.ctx.db, { companyId: 1, number: 'AUD-5' }) }) },
  ),
  'POST /api/admin/email-settings': audited('settings.email.update', (env) =>
    env.send('POST', '/api/admin/email-settings', smtpSettings(env)),
  ),
  'POST /api/admin/email-settings/test': notAudited(
    'a connection check: nothing stored changes, nothing is sent',
    (env) => env.send('POST', '/api/admin/email-settings/test', { settings: smtpSettings(env) }),
  ),
  'POST /api/admin/email-settings/send-test': audited('settings.email.test_send', (env) =>
    env.send('POST', '/api/admin/email-settings/send-test', {
      to: 'someone@example.com',
      settings: smtpSettings(env),
      language: 'en',
    }),
  ),
  'POST /api/admin/push-settings': audited('settings.push.update', (env) =>
    env.send('POST', '/api/admin/push-settings', { enabled: true }),
  ),
  'POST /api/admin/push-settings/send-test': audited('settings.push.test_send', async (env) => {
    // The admin's own browser, at a local push service (decision 0063).
    const service = await startFakePushService();
    try {
      return await env.send('POST', '/api/admin/push-settings/send-test', service.subscribe());
    } finally {
      await service.close();
    }
  }),
  'POST /api/admin/sms-settings': audited('settings.sms.update', (env) =>
    env.send('POST', '/api/admin/sms-settings', smsSettings(env)),
  ),
  'POST /api/admin/sms-settings/send-test': audited(
    'settings.sms.test_send',
    (env) => env.send('POST', '/api/admin/sms-settings/send-test', { to: '(51) 99999-0000', language: 'pt' }),
    {
      prepare: async (env) => {
        expect((await env.send('POST', '/api/admin/sms-settings', smsSettings(env))).statusCode).toBe(200);
        return {};
      },
    },
  ),
  'POST /api/admin/whatsapp-settings': audited('settings.whatsapp.update', (env) =>
    env.send('POST', '/api/admin/whatsapp-settings', whatsappSettings(env)),
  ),
  'POST /api/admin/whatsapp-settings/send-test': audited(
    'settings.whatsapp.test_send',
    (env) => env.send('POST', '/api/admin/whatsapp-settings/send-test', { to: '(51) 99999-0000', language: 'pt' }),
    {
      prepare: async (env) => {
        expect((await env.send('POST', '/api/admin/whatsapp-settings', whatsappSettings(env))).statusCode).toBe(200);
        return {};
      },
    },
  ),
  'POST /api/admin/captcha-settings': audited('settings.captcha.update', (env) =>
    env.send('POST', '/api/admin/captcha-settings', {
      enabled: false,
      provider: 'hcaptcha',
      siteKey: 'site-audit',
      secretKey: CAPTCHA_SECRET,
    }),
  ),
  'POST /api/admin/theme-settings': audited('settings.theme.update', (env) =>
    env.send('POST', '/api/admin/theme-settings', {
      ...DEFAULT_THEME,
      primaryColor: '#123456',
      map: { lat: -30, lon: -51, zoom: 12 },
    }),
  ),
  'POST /api/admin/theme-settings/logo': audited('settings.logo.upload', (env) =>
    env.send('POST', '/api/admin/theme-settings/logo', { contentType: 'image/png', data: PNG }),
  ),
  'DELETE /api/admin/theme-settings/logo': audited('settings.logo.delete', (env) =>
    env.send('DELETE', '/api/admin/theme-settings/logo'),
  ),
  'POST /api/admin/two-factor/setup': audited(
    'auth.totp.setup',
    (env, p) =>
      env.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/two-factor/setup',
        headers: p.account?.headers,
        payload: {},
      }),
    { prepare: newSession, actor: (_env, p) => asAccount(p) },
  ),
  'POST /api/admin/two-factor/confirm': audited(
    'auth.totp.enable',
    (env, p) =>
      env.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/two-factor/confirm',
        headers: p.account?.headers,
        payload: {
          code: new TOTP({ secret: Secret.fromBase32(p.secret as string) }).generate({
            timestamp: env.ctx.clock.now().getTime(),
          }),
          password: p.account?.password,
        },
      }),
    {
      prepare: async (env) => {
        const session = await newSession(env);
        const setup = await env.ctx.app.inject({
          method: 'POST',
          url: '/api/admin/two-factor/setup',
          headers: session.account?.headers,
          payload: {},
        });
        return { ...session, secret: setup.json().secret };
      },
      actor: (_env, p) => asAccount(p),
    },
  ),
  'POST /api/admin/two-factor/disable': audited(
    'auth.totp.disable',
    (env, p) =>
      env.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/two-factor/disable',
        headers: p.account?.headers,
        payload: { password: p.account?.password },
      }),
    { prepare: (env) => enrolled(env), actor: (_env, p) => asAccount(p) },
  ),
  'POST /api/admin/login/two-factor': audited(
    'auth.login',
    async (env, p) => {
      const password = await env.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: p.account?.username, password: p.account?.password },
      });
      expect(password.statusCode, password.body).toBe(202);
      const pending = password.cookies.find((c) => c.name === 'acende_two_factor');
      return env.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login/two-factor',
        headers: { cookie: `${pending?.name}=${pending?.value}` },
        payload: { code: (p.recoveryCodes as string[])[0] },
      });
    },
    { prepare: (env) => enrolled(env), actor: (_env, p) => asAccount(p) },
  ),
  'POST /api/admin/users/{id}/two-factor/reset': audited(
    'auth.totp.reset',
    (env, p) => env.send('POST', `/api/admin/users/${p.id}/two-factor/reset`, {}),
    { prepare: (env) => enrolled(env) },
  ),
  'PUT /api/admin/security-settings': audited('settings.security.update', (env) =>
    // Off: on would send every admin of the other cases to set up a second factor first.
    env.send('PUT', '/api/admin/security-settings', { requireTwoFactorForAdmins: false }),
  ),
  'PUT /api/admin/retention-settings': audited('settings.retention.update', (env) =>
    env.send('PUT', '/api/admin/retention-settings', { retentionMonths: 18, auditRetentionMonths: 72 }),
  ),
  'POST /api/admin/repair-requests/{id}/anonymize': audited(
    'request.anonymize',
    (env, p) => env.send('POST', `/api/admin/repair-requests/${p.id}/anonymize`, {}),
    { prepare: fileRequest },
  ),
  'POST /api/admin/repair-requests/{id}/duplicate': audited(
    'request.duplicate',
    async (env, p) => {
      const read = await env.send('GET', `/api/admin/repair-requests/${p.id}`);
      return env.send('POST', `/api/admin/repair-requests/${p.id}/duplicate`, {
        originalId: env.requestId,
        updatedAt: read.json().updatedAt,
      });
    },
    { prepare: fileRequest },
  ),
  'POST /api/admin/repair-requests/{id}/duplicate/undo': audited(
    'request.duplicate_undo',
    async (env, p) => {
      const read = await env.send('GET', `/api/admin/repair-requests/${p.id}`);
      return env.send('POST', `/api/admin/repair-requests/${p.id}/duplicate/undo`, {
        updatedAt: read.json().updatedAt,
      });
    },
    {
      prepare: async (env) => {
        const filed = await fileRequest(env);
        const read = await env.send('GET', `/api/admin/repair-requests/${filed.id}`);
        const marked = await env.send('POST', `/api/admin/repair-requests/${filed.id}/duplicate`, {
          originalId: env.requestId,
          updatedAt: read.json().updatedAt,
        });
        expect(marked.statusCode, marked.body).toBe(200);
        return filed;
      },
    },
  ),
  'PATCH /api/admin/repair-requests/{id}/photos/{photoId}': audited(
    'request.photo.publish',
    (env, p) => env.send('PATCH', `/api/admin/repair-requests/${p.id}/photos/${p.photoId}`, { isPublic: true }),
    { prepare: filePhoto },
  ),
  'POST /api/admin/public-pages': audited('settings.public_pages.update', (env) =>
    env.send('POST', '/api/admin/public-pages', {
      operator: { name: 'Prefeitura', email: null, phone: null, address: null },
      privacy: { pt: 'Texto.', en: null },
      accessibility: { pt: null, en: null },
    }),
  ),
  'PUT /api/admin/repair-targets': audited('settings.repair_targets.update', (env) =>
    env.send('PUT', '/api/admin/repair-targets', {
      defaults: { LIGHT_OUT: 48, NO_LAMP: 72, FALLEN_POLE: 24, POLE_DAMAGE: 72 },
      overrides: [{ companyId: 1, problemType: 'FALLEN_POLE', hours: 6 }],
    }),
  ),
};

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];

/** Every write route under /api/admin the OpenAPI document lists, as `METHOD /path`. */
async function adminWriteRoutes(ctx: TestContext): Promise<string[]> {
  const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => WRITE_METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

describeEachEngine(
  'audit log: every admin write leaves exactly one row',
  (ctx) => {
    let env: Env;

    beforeAll(async () => {
      const admin = await signedIn(ctx(), { role: 'admin' });
      const smtp = await startSmtpCapture({ user: SMTP_USER, pass: SMTP_PASS });
      const twilio = await startFakeTwilio();
      const meta = await startFakeMetaWhatsapp({
        acende_recebida: { pt_BR: 'Acende: nº {{1}} {{2}}', en: 'Acende: no. {{1}} {{2}}' },
      });
      const created = await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: validRequest,
      });
      expect(created.statusCode, created.body).toBe(201);
      env = {
        ctx: ctx(),
        admin,
        smtp,
        twilio,
        meta,
        requestId: created.json().id,
        send: (method, url, payload, headers = {}) =>
          ctx().app.inject({
            method: method as 'GET',
            url,
            headers: { ...admin.headers, ...headers },
            ...(payload === undefined ? {} : { payload: payload as string }),
          }),
      };
    });
    afterAll(async () => {
      await env?.smtp.close();
      await env?.twilio.close();
      await env?.meta.close();
    });

    it('has a case for every admin write route of the OpenAPI document', async () => {
      const routes = await adminWriteRoutes(ctx());
      expect(routes.length).toBeGreaterThan(20);
      const missing = routes.filter((route) => !(route in CASES));
      expect(missing, 'admin write routes without an audit case in CASES').toEqual([]);
      const gone = Object.keys(CASES).filter((route) => !routes.includes(route));
      expect(gone, 'cases of routes the document no longer lists').toEqual([]);
    });

    for (const [route, testCase] of Object.entries(CASES)) {
      const label = testCase.kind ? `${route} → ${testCase.kind}` : `${route} writes no row (${testCase.reason})`;
      it(label, async () => {
        const prepared = (await testCase.prepare?.(env)) ?? {};
        const before = await auditRows(ctx());
        const res = await testCase.call(env, prepared);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, res.body).toBeLessThan(300);
        const after = await auditRows(ctx());
        if (testCase.kind === null) {
          expect(after.length).toBe(before.length);
          return;
        }
        expect(after.length, 'audit rows written by one call').toBe(before.length + 1);
        const row = after[0];
        expect(row?.kind).toBe(testCase.kind);
        const actorId = testCase.actor ? testCase.actor(env, prepared) : env.admin.id;
        expect(row?.actorId === null ? null : Number(row?.actorId)).toBe(actorId);
        expect(row?.ip).toBeTruthy();
      });
    }

    it('keeps no secret in any row: passwords, the SMTP password, the captcha key, a reset token', async () => {
      const rows = await auditRows(ctx());
      const text = JSON.stringify(rows);
      for (const secret of [
        env.admin.password,
        SMTP_PASS,
        env.twilio.authToken,
        CAPTCHA_SECRET,
        NEW_USER_PASSWORD,
        SET_PASSWORD,
        CHANGED_PASSWORD,
        RESET_PASSWORD,
        RESET_TOKEN,
        hashToken(RESET_TOKEN),
      ]) {
        expect(text).not.toContain(secret);
      }
      // The markers that something secret changed are there instead.
      const email = rows.find((r) => r.kind === 'settings.email.update');
      expect(JSON.parse(email?.after ?? '{}')).toMatchObject({ passStored: true, passReplaced: true });
      const captcha = rows.find((r) => r.kind === 'settings.captcha.update');
      expect(JSON.parse(captcha?.after ?? '{}')).toMatchObject({ keyStored: true, keyReplaced: true });
    });
  },
  { env: { PUSH_EXTRA_HOSTS: '127.0.0.1', TEST_PUSH_CA_FILE: pushServiceCertificate().caFile } },
);
