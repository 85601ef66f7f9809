// WhatsApp notices (issue 36) on both engines, against a stand-in for Meta's WhatsApp Cloud API
// (test/fake-meta-whatsapp.ts) that knows the templates as approved (their texts in
// core/channels/whatsapp.templates.ts and docs/whatsapp-templates.md): the settings and their
// secrets, the citizen's opt-in at filing, the templates in the citizen's language, the quiet
// hours under the test's clock, Meta's 429, 5xx and refusals, the webhook's handshake and its
// signed replies (typed SAIR, the stop button, VOLTAR), and two workers at once.
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { acendeTemplates, type FakeMetaWhatsapp, startFakeMetaWhatsapp } from '../../../test/fake-meta-whatsapp.ts';
import { requestBySchool, setStatusAsAdmin } from '../../../test/requests.ts';
import { processWhatsappOnce } from './whatsapp-worker.ts';

const WEBHOOK = '/api/whatsapp/webhook';

/** Moves the test's clock forward to the next `hour`:00 in Porto Alegre (UTC−3). */
function toLocalHour(ctx: TestContext, hour: number) {
  const now = ctx.clock.now().getTime();
  let at = Math.ceil(now / 3_600_000) * 3_600_000 + 1000;
  while ((new Date(at).getUTCHours() + 21) % 24 !== hour) at += 3_600_000;
  ctx.clock.advance(at - now);
}

/** A mobile of its own for each test: the daily cap and the stops are per number. */
const mobile = (n: number) => ({ phone: `(51) 99888-${3000 + n}`, digits: `55519988830${String(n).padStart(2, '0')}` });

describeEachEngine('WhatsApp notices', (ctx) => {
  let meta: FakeMetaWhatsapp;
  beforeAll(async () => {
    meta = await startFakeMetaWhatsapp(acendeTemplates());
  });
  afterAll(() => meta.close());

  const settings = () => ({
    enabled: true,
    baseUrl: meta.url,
    apiVersion: meta.apiVersion,
    phoneNumberId: meta.phoneNumberId,
    accessToken: meta.accessToken,
    appSecret: meta.appSecret,
    dailyCap: 5,
  });
  const save = async (body: Record<string, unknown>, language = 'pt') =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/admin/whatsapp-settings',
      headers: { ...(await signedIn(ctx(), { role: 'admin' })).headers, 'accept-language': language },
      payload: body,
    });
  const file = async (n: number, language = 'pt', overrides: Record<string, unknown> = {}) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      headers: { 'accept-language': language },
      payload: { ...requestBySchool, phone: mobile(n).phone, notifyWhatsapp: true, ...overrides },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; whatsappQueued: boolean };
  };
  const messages = (id: number) =>
    ctx().db.selectFrom('channelOutbox').selectAll().where('requestId', '=', id).orderBy('id').execute();
  const sentTo = (n: number) => meta.sent.filter((m) => m.to === mobile(n).digits);
  const post = (event: { body: string; headers: Record<string, string> }) =>
    ctx().app.inject({ method: 'POST', url: WEBHOOK, headers: event.headers, payload: event.body });

  it('keeps its secrets: never answered, sealed in the database, and the token only for its address', async () => {
    const offered = await ctx().app.inject({ url: '/api/site' });
    expect(offered.json().channels.whatsapp).toBe(false);
    // Off, nothing is queued even when asked for.
    const early = await file(0);
    expect(early.whatsappQueued).toBe(false);
    expect(await messages(early.id)).toHaveLength(0);
    // On without the app secret: refused, in the reader's language.
    const missing = await save({ ...settings(), appSecret: '' }, 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.appSecret).toBe('Required to send WhatsApp messages');
    const saved = await save(settings());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      accessToken: '********',
      appSecret: '********',
      webhookUrl: `http://acende.test${WEBHOOK}`,
    });
    expect(saved.json().verifyToken).toMatch(/^[\w-]{40,}$/);
    const stored = JSON.stringify(await ctx().db.selectFrom('siteSettings').selectAll().execute());
    expect(stored).not.toContain(meta.accessToken);
    expect(stored).not.toContain(meta.appSecret);
    // The placeholder may not carry the token to another address.
    const moved = await save({ ...settings(), baseUrl: 'https://graph.example.org', accessToken: '********' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.accessToken).toMatch(/Digite o token de acesso de novo/);
    const kept = await save({ ...settings(), accessToken: '********', appSecret: '********' });
    expect(kept.statusCode).toBe(200);
    const audit = await ctx()
      .db.selectFrom('auditLog')
      .selectAll()
      .where('kind', '=', 'settings.whatsapp.update')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(meta.accessToken);
    expect((await ctx().app.inject({ url: '/api/site' })).json().channels.whatsapp).toBe(true);
  });

  it('refuses a landline in the reader’s language before anything is stored', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      headers: { 'accept-language': 'en' },
      payload: { ...requestBySchool, phone: '(51) 3333-4444', notifyWhatsapp: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.phone).toBe(
      'To get WhatsApp notices, give a mobile number with its area code, such as (51) 99999-9999',
    );
  });

  it('sends the approved templates in the filer’s language, with the stop button, and keeps no text once sent', async () => {
    toLocalHour(ctx(), 10);
    const pt = await file(1);
    const en = await file(2, 'en');
    expect(pt.whatsappQueued).toBe(true);
    expect((await processWhatsappOnce(ctx().app.deps)).sent).toBe(2);
    expect(sentTo(1)).toEqual([
      expect.objectContaining({
        template: 'acende_recebida',
        language: 'pt_BR',
        text: `Acende: sua solicitação nº ${pt.id} foi recebida. Acompanhe o reparo em http://acende.test/track/${pt.id}`,
        buttonPayload: 'SAIR',
      }),
    ]);
    expect(sentTo(2)[0]).toMatchObject({ template: 'acende_recebida', language: 'en' });
    expect(sentTo(2)[0]?.text).toContain(`your request no. ${en.id} was received`);
    const [row] = await messages(pt.id);
    expect(row).toMatchObject({ status: 'sent', provider: 'meta', providerMessageId: sentTo(1)[0]?.id, body: '' });

    await setStatusAsAdmin(ctx(), en.id, 'in_progress');
    await setStatusAsAdmin(ctx(), en.id, 'completed');
    await processWhatsappOnce(ctx().app.deps);
    const texts = sentTo(2).map((m) => m.template);
    expect(texts).toEqual(['acende_recebida', 'acende_em_andamento', 'acende_concluida']);
    expect(sentTo(2)[2]?.text).toMatch(
      new RegExp(`request no. ${en.id} was completed.*/track/${en.id}\\?r=[\\w-]+#avaliacao`),
    );
  });

  it('waits out the quiet hours and a 429’s Retry-After, retries a 500, and gives up what no retry cures', async () => {
    toLocalHour(ctx(), 22);
    const night = await file(3);
    expect((await processWhatsappOnce(ctx().app.deps)).sent).toBe(0);
    expect(sentTo(3)).toHaveLength(0);
    toLocalHour(ctx(), 8);
    meta.answerNext({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } },
    });
    await processWhatsappOnce(ctx().app.deps);
    const [waiting] = await messages(night.id);
    expect(waiting?.status).toBe('pending');
    expect(Date.parse(waiting?.nextAttemptAt as string) - ctx().clock.now().getTime()).toBe(120_000);
    ctx().clock.advance(120_000);
    meta.answerNext({ status: 500, body: { error: { message: 'Something went wrong', code: 131000 } } });
    await processWhatsappOnce(ctx().app.deps);
    expect((await messages(night.id))[0]).toMatchObject({ status: 'pending', attempts: 2 });
    ctx().clock.advance(30 * 60_000);
    await processWhatsappOnce(ctx().app.deps);
    expect((await messages(night.id))[0]?.status).toBe('sent');

    meta.notOnWhatsapp.add(mobile(4).digits);
    const nowhere = await file(4);
    await processWhatsappOnce(ctx().app.deps);
    const [given] = await messages(nowhere.id);
    expect(given).toMatchObject({ status: 'failed', attempts: 1, body: '' });
    expect(given?.lastError).toBe('WhatsApp 400 131026: Message undeliverable');
  });

  it('answers Meta’s handshake only with its verify token', async () => {
    const verifyToken = (
      await ctx().app.inject({
        url: '/api/admin/whatsapp-settings',
        headers: (await signedIn(ctx(), { role: 'admin' })).headers,
      })
    ).json().verifyToken as string;
    const handshake = (token: string) =>
      ctx().app.inject({
        url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
      });
    const ok = await handshake(verifyToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await handshake('guess')).statusCode).toBe(403);
  });

  it('stops a number on a signed SAIR or the stop button, brings it back on VOLTAR, and ignores an unsigned post', async () => {
    toLocalHour(ctx(), 22);
    const first = await file(5);
    // Signed with another secret: refused, nothing changes.
    expect((await post(meta.signedEvent(mobile(5).digits, { text: 'SAIR' }, 'not-the-secret'))).statusCode).toBe(403);
    expect((await messages(first.id))[0]?.status).toBe('pending');
    // WhatsApp still knows this number without its ninth digit: it is the same mobile.
    const eightDigits = mobile(5).digits.replace(/^(5551)9/, '$1');
    expect((await post(meta.signedEvent(eightDigits, { text: 'Sair' }))).statusCode).toBe(200);
    expect((await messages(first.id))[0]).toMatchObject({ status: 'stopped', body: '' });
    // While stopped, a new filing asking for WhatsApp is not queued, nor are its status changes.
    const second = await file(5);
    expect(second.whatsappQueued).toBe(false);
    await setStatusAsAdmin(ctx(), first.id, 'in_progress');
    expect(await messages(first.id)).toHaveLength(1);
    expect((await post(meta.signedEvent(mobile(5).digits, { text: 'VOLTAR' }))).statusCode).toBe(200);
    await setStatusAsAdmin(ctx(), first.id, 'completed');
    expect((await messages(first.id)).map((m) => m.status)).toEqual(['stopped', 'pending']);
    // The template's stop button arrives as a button message with its payload.
    expect((await post(meta.signedEvent(mobile(5).digits, { button: 'SAIR' }))).statusCode).toBe(200);
    expect((await messages(first.id)).map((m) => m.status)).toEqual(['stopped', 'stopped']);
    // A signed body that is no JSON is a clear 400.
    const garbled = meta.signedEvent(mobile(5).digits, { text: 'x' });
    const broken = { ...garbled, body: '{not json' };
    const { createHmac } = await import('node:crypto');
    broken.headers = {
      ...garbled.headers,
      'x-hub-signature-256': `sha256=${createHmac('sha256', meta.appSecret).update(broken.body).digest('hex')}`,
    };
    expect((await post(broken)).statusCode).toBe(400);
  });

  it('holds a number to its daily cap and sends each message once with two workers at once', async () => {
    toLocalHour(ctx(), 9);
    // More than one worker's batch (10), and slow answers: both workers send to the number at once.
    const filed = [];
    for (let i = 0; i < 14; i++) filed.push(await file(6));
    meta.delayMs = 40;
    try {
      await Promise.all([processWhatsappOnce(ctx().app.deps), processWhatsappOnce(ctx().app.deps)]);
    } finally {
      meta.delayMs = 0;
    }
    expect(sentTo(6)).toHaveLength(5);
    expect(new Set(sentTo(6).map((m) => m.params[0])).size).toBe(5);
    const rows = (await Promise.all(filed.map((f) => messages(f.id)))).flat();
    expect(rows.filter((m) => m.status === 'pending').map((m) => m.lastError)).toEqual(
      Array(9).fill('daily cap reached'),
    );
    // The next morning the count starts again.
    toLocalHour(ctx(), 8);
    await processWhatsappOnce(ctx().app.deps);
    expect(sentTo(6)).toHaveLength(10);
  });
});
