// SMS notices (issue 36) on both engines, against a stand-in for Twilio's Messages API
// (test/fake-twilio.ts): the settings and their token, the citizen's opt-in at filing, the
// worker's sends in the citizen's language, the quiet hours and daily cap under the test's
// clock, a 429's Retry-After, a 5xx, Twilio's own STOP list, replies signed as Twilio signs
// them (its reference library computes the signature) and two workers at once.
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { type FakeTwilio, startFakeTwilio } from '../../../test/fake-twilio.ts';
import { requestBySchool, setStatusAsAdmin } from '../../../test/requests.ts';
import { countSegments } from '../../core/channels/sms-text.ts';
import { processSmsOnce } from './sms-worker.ts';

/** A mobile of its own for each test: the daily cap and the stops are per number. */
const mobile = (n: number) => ({
  phone: `(51) 99999-${String(1000 + n)}`,
  number: `+5551999991${String(n).padStart(3, '0')}`,
});
const { phone: PHONE, number: NUMBER } = mobile(234);
const INBOUND = 'http://acende.test/api/sms/twilio/inbound';

/** The local hour (America/Sao_Paulo) of `at`. */
const localHour = (at: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', hourCycle: 'h23' }).format(at),
  );

/** Moves the test's clock forward to the next `hour`:00 local. */
function advanceToLocal(ctx: TestContext, hour: number) {
  const now = ctx.clock.now().getTime();
  let at = Math.ceil(now / 3_600_000) * 3_600_000 + 1000;
  while (localHour(new Date(at)) !== hour) at += 3_600_000;
  ctx.clock.advance(at - now);
}

describeEachEngine('SMS notices', (ctx) => {
  let provider: FakeTwilio;
  let admin: TestAccount;
  beforeAll(async () => {
    provider = await startFakeTwilio();
    admin = await signedIn(ctx(), { role: 'admin' });
  });
  afterAll(() => provider.close());

  const settings = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    provider: 'twilio',
    baseUrl: provider.url,
    accountSid: provider.accountSid,
    token: provider.authToken,
    from: '+5551400000000',
    dailyCap: 5,
    ...overrides,
  });
  // Signed in afresh: the tests move the clock past a session's life.
  const save = async (body: Record<string, unknown>, language = 'pt') =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/admin/sms-settings',
      headers: { ...(await signedIn(ctx(), { role: 'admin' })).headers, 'accept-language': language },
      payload: body,
    });
  const file = async (overrides: Record<string, unknown> = {}, language = 'pt') => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      headers: { 'accept-language': language },
      payload: { ...requestBySchool, phone: PHONE, notifySms: true, ...overrides },
    });
    return res;
  };
  const texts = (id: number) =>
    ctx().db.selectFrom('channelOutbox').selectAll().where('requestId', '=', id).orderBy('id').execute();
  const reply = (body: string, from: string, signedWith = provider.authToken) => {
    const params = {
      MessageSid: `SM${'1'.repeat(32)}`,
      AccountSid: provider.accountSid,
      From: from,
      To: '+5551400000000',
      Body: body,
    };
    return ctx().app.inject({
      method: 'POST',
      url: '/api/sms/twilio/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(signedWith, INBOUND, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };

  it('keeps the token to itself, and to the address and account it was saved with', async () => {
    const off = await ctx().app.inject({ url: '/api/admin/sms-settings', headers: admin.headers });
    expect(off.json()).toMatchObject({
      enabled: false,
      token: '',
      baseUrl: 'https://api.twilio.com',
      inboundUrl: INBOUND,
    });
    // On without a token: refused, in the reader's language.
    const missing = await save(settings({ token: '' }), 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors?.token ?? missing.body).toMatch(/Required to send SMS/);

    const saved = await save(settings());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().token).toBe('********');
    expect(saved.body).not.toContain(provider.authToken);
    // The placeholder with another address would send the stored token elsewhere: refused.
    const moved = await save(settings({ token: '********', baseUrl: 'http://127.0.0.1:9' }));
    expect(moved.statusCode).toBe(400);
    expect((await save(settings({ token: '********' }))).statusCode).toBe(200);
    const audit = await ctx().db.selectFrom('auditLog').selectAll().where('kind', '=', 'settings.sms.update').execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(provider.authToken);
  });

  it('queues the confirmation with the filing when asked, to a mobile only, and sends it in daytime', async () => {
    const landline = await file({ phone: '(51) 3333-4444' }, 'en');
    expect(landline.statusCode).toBe(400);
    expect(landline.body).toContain('To get texts, give a mobile number');

    const unasked = await file({ notifySms: false });
    expect(unasked.json().smsQueued).toBe(false);
    expect(await texts(unasked.json().id)).toHaveLength(0);

    const asked = await file({}, 'en');
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().smsQueued).toBe(true);
    const id = asked.json().id as number;
    const [queued] = await texts(id);
    expect(queued).toMatchObject({
      channel: 'sms',
      kind: 'request_confirmation',
      toAddress: NUMBER,
      status: 'pending',
    });
    expect(queued?.body).toBe(
      `Acende: request no. ${id} received. Track it: http://acende.test/track/${id} Reply STOP to get no more texts.`,
    );

    advanceToLocal(ctx(), 10);
    await processSmsOnce(ctx().app.deps);
    const mine = provider.sent.filter((m) => m.body.includes(`no. ${id} `));
    expect(mine).toEqual([
      { to: NUMBER, from: '+5551400000000', body: queued?.body, sid: expect.stringMatching(/^SM/) },
    ]);
    const [sent] = await texts(id);
    expect(sent).toMatchObject({ status: 'sent', provider: 'twilio', providerMessageId: mine[0]?.sid, body: '' });
  });

  it('tells each status change in the filer’s language, completion with the rating link, in one segment', async () => {
    const { id } = (await file({ phone: mobile(1).phone })).json() as { id: number };
    await setStatusAsAdmin(ctx(), id, 'in_progress');
    await setStatusAsAdmin(ctx(), id, 'completed');
    const rows = await texts(id);
    expect(rows.map((r) => r.kind)).toEqual(['request_confirmation', 'status_update', 'status_update']);
    expect(rows[1]?.body).toBe(
      `Acende: a solicitacao no ${id} esta em andamento. http://acende.test/track/${id} Responda SAIR para parar.`,
    );
    expect(rows[2]?.body).toMatch(
      new RegExp(
        `^Acende: a solicitacao no ${id} foi concluida\\. Avalie o reparo: http://acende\\.test/track/${id}\\?r=[\\w-]+#`,
      ),
    );
    for (const row of rows) expect(countSegments(row.body)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('waits out the quiet hours, then sends', async () => {
    advanceToLocal(ctx(), 22);
    const { number, phone } = mobile(2);
    const { id } = (await file({ phone })).json() as { id: number };
    const mine = () => provider.sent.filter((m) => m.to === number);
    expect(await processSmsOnce(ctx().app.deps)).toEqual({ sent: 0, failed: 0, waiting: 0 });
    advanceToLocal(ctx(), 7);
    await processSmsOnce(ctx().app.deps);
    expect(mine()).toHaveLength(0);
    advanceToLocal(ctx(), 8);
    await processSmsOnce(ctx().app.deps);
    expect(mine().map((m) => m.body)).toEqual([expect.stringContaining(`no ${id} recebida`)]);
  });

  it('waits a 429’s Retry-After and backs off a 500, sending each message once', async () => {
    advanceToLocal(ctx(), 11);
    await processSmsOnce(ctx().app.deps);
    const { id } = (await file({ phone: mobile(3).phone })).json() as { id: number };
    provider.answerNext({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { code: 20429, message: 'Too Many Requests', status: 429 },
    });
    expect(await processSmsOnce(ctx().app.deps)).toMatchObject({ sent: 0, waiting: 1 });
    const [waiting] = await texts(id);
    expect(waiting?.lastError).toContain('Twilio 429 20429');
    expect(Date.parse(waiting?.nextAttemptAt as string) - ctx().clock.now().getTime()).toBe(120_000);
    ctx().clock.advance(60_000);
    expect(await processSmsOnce(ctx().app.deps)).toMatchObject({ sent: 0 });
    ctx().clock.advance(60_000);
    provider.answerNext({ status: 500 });
    expect(await processSmsOnce(ctx().app.deps)).toMatchObject({ waiting: 1 });
    // The second failed attempt waits 60 s (30 s doubling).
    ctx().clock.advance(59_000);
    expect(await processSmsOnce(ctx().app.deps)).toMatchObject({ sent: 0 });
    ctx().clock.advance(1000);
    expect(await processSmsOnce(ctx().app.deps)).toMatchObject({ sent: 1 });
    expect(provider.sent.filter((m) => m.body.includes(` ${id} `))).toHaveLength(1);
    expect((await texts(id))[0]).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('stops on a signed SAIR: nothing more is queued or sent; VOLTAR brings them back; a forged one changes nothing', async () => {
    advanceToLocal(ctx(), 12);
    const { id } = (await file()).json() as { id: number };
    const forged = await reply('SAIR', NUMBER, 'not-the-token');
    expect(forged.statusCode).toBe(403);
    expect(await ctx().db.selectFrom('channelStops').selectAll().execute()).toHaveLength(0);

    const stop = await reply('sair', NUMBER);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.headers['content-type']).toContain('text/xml');
    expect(stop.body).toContain('<Message>Acende: voce nao recebera mais SMS');
    expect((await texts(id))[0]?.status).toBe('stopped');
    await setStatusAsAdmin(ctx(), id, 'in_progress');
    expect(await texts(id)).toHaveLength(1);
    const refused = await file();
    expect(refused.json().smsQueued).toBe(false);

    expect((await reply('VOLTAR', NUMBER)).body).toContain('<Message>Acende: voce voltara a receber');
    await setStatusAsAdmin(ctx(), id, 'completed');
    expect((await texts(id)).map((r) => r.status)).toEqual(['stopped', 'pending']);
    await processSmsOnce(ctx().app.deps);
  });

  it('keeps a number Twilio lists as unsubscribed (21610) stopped, and caps a number’s day', async () => {
    advanceToLocal(ctx(), 13);
    await processSmsOnce(ctx().app.deps);
    const listed = mobile(4);
    provider.unsubscribed.add(listed.number);
    const { id } = (await file({ phone: listed.phone })).json() as { id: number };
    expect(await processSmsOnce(ctx().app.deps)).toMatchObject({ failed: 1 });
    expect((await texts(id))[0]?.status).toBe('stopped');
    expect((await file({ phone: listed.phone })).json().smsQueued).toBe(false);

    expect((await save(settings({ token: '********', dailyCap: 1 }))).statusCode).toBe(200);
    advanceToLocal(ctx(), 9);
    const capped = mobile(5).phone;
    const first = (await file({ phone: capped })).json().id as number;
    const second = (await file({ phone: capped })).json().id as number;
    expect(await processSmsOnce(ctx().app.deps)).toMatchObject({ sent: 1, waiting: 1 });
    const [later] = await texts(second);
    expect(later?.status).toBe('pending');
    expect(localHour(new Date(later?.nextAttemptAt as string))).toBe(8);
    expect((await texts(first))[0]?.status).toBe('sent');
    expect((await save(settings({ token: '********' }))).statusCode).toBe(200);
  });

  it('gives a notice up 24 h after it was written, whatever held it', async () => {
    advanceToLocal(ctx(), 22);
    const { phone, number } = mobile(20);
    const { id } = (await file({ phone })).json() as { id: number };
    ctx().clock.advance(25 * 3_600_000);
    advanceToLocal(ctx(), 9);
    await processSmsOnce(ctx().app.deps);
    expect((await texts(id))[0]).toMatchObject({ status: 'failed', lastError: 'expired', body: '' });
    expect(provider.sent.filter((m) => m.to === number)).toHaveLength(0);
  });

  it('texts the filer of a request marked as a duplicate; answers a stranger’s odd bodies 403, never 500', async () => {
    advanceToLocal(ctx(), 15);
    const original = (await file({ phone: mobile(21).phone })).json().id as number;
    const { id } = (await file({ phone: mobile(22).phone })).json() as { id: number };
    const operator = await signedIn(ctx(), { role: 'admin' });
    const read = await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: operator.headers });
    const marked = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/duplicate`,
      headers: operator.headers,
      payload: { originalId: original, updatedAt: read.json().updatedAt },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await texts(id)).map((r) => r.body)).toEqual([
      expect.stringContaining('recebida'),
      `Acende: a solicitacao no ${id} foi cancelada. Veja o motivo: http://acende.test/track/${id} Responda SAIR para parar.`,
    ]);
    expect(marked.json().messages).toHaveLength(2);
    for (const payload of ['[null]', '[1,2]', '[["From"]]', '{"From":"+5551999991234","Body":"SAIR"}']) {
      const odd = await ctx().app.inject({
        method: 'POST',
        url: '/api/sms/twilio/inbound',
        headers: { 'content-type': 'application/json', 'x-twilio-signature': 'AAAA' },
        payload,
      });
      expect(odd.statusCode, payload).toBe(403);
    }
    // CANCELAR is Portuguese, its answer too; an address in plain HTTP elsewhere is refused.
    expect((await reply('Cancelar.', mobile(22).number)).body).toContain('voce nao recebera');
    const plain = await save(settings({ baseUrl: 'http://api.twilio.com' }));
    expect(plain.statusCode).toBe(400);
  });

  it('sends each message once with two workers at once', async () => {
    advanceToLocal(ctx(), 14);
    await processSmsOnce(ctx().app.deps);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await file({ phone: mobile(10 + i).phone })).json().id);
    const before = provider.sent.length;
    await Promise.all([processSmsOnce(ctx().app.deps), processSmsOnce(ctx().app.deps)]);
    const bodies = provider.sent.slice(before).map((m) => m.body);
    expect(bodies).toHaveLength(4);
    for (const id of ids) expect(bodies.filter((b) => b.includes(` ${id} `))).toHaveLength(1);
  });
});

describe('SMS text', () => {
  it('counts GSM-7 and UCS-2 segments as handsets do', () => {
    expect(countSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(countSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments('ã'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(countSegments('ã'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
  });
});
