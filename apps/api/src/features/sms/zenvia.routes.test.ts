// SMS through Zenvia's API v2 (issue 36) on both engines, against a stand-in for it
// (test/fake-zenvia.ts): the settings without an account, a text sent with the X-API-TOKEN
// header in the documented body, a refusal no retry cures, a 429's Retry-After, and replies
// posted by Zenvia's subscription with the header the settings screen shows.
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { type FakeZenvia, startFakeZenvia, zenviaEvent } from '../../../test/fake-zenvia.ts';
import { requestBySchool } from '../../../test/requests.ts';
import { processSmsOnce } from './sms-worker.ts';

const INBOUND = 'http://acende.test/api/sms/zenvia/inbound';

/** Moves the test's clock forward to the next 10:00 in Porto Alegre (UTC−3). */
function toMorning(ctx: TestContext) {
  const now = ctx.clock.now().getTime();
  let at = Math.ceil(now / 3_600_000) * 3_600_000 + 1000;
  while ((new Date(at).getUTCHours() + 21) % 24 !== 10) at += 3_600_000;
  ctx.clock.advance(at - now);
}

describeEachEngine('SMS through Zenvia', (ctx) => {
  let zenvia: FakeZenvia;
  let header = '';
  beforeAll(async () => {
    zenvia = await startFakeZenvia();
  });
  afterAll(() => zenvia.close());

  const file = async (n: number) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...requestBySchool, phone: `(51) 99999-${2000 + n}`, notifySms: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const reply = async (from: string, text: string, with_: string) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/sms/zenvia/inbound',
      headers: { 'x-acende-webhook-token': with_ },
      payload: zenviaEvent(from, text),
    });
    return { status: res.statusCode };
  };
  const texts = (id: number) =>
    ctx().db.selectFrom('channelOutbox').selectAll().where('requestId', '=', id).orderBy('id').execute();

  it('is set up without an account, and names its reply address and header', async () => {
    const admin = await signedIn(ctx(), { role: 'admin' });
    const save = (body: object) =>
      ctx().app.inject({ method: 'POST', url: '/api/admin/sms-settings', headers: admin.headers, payload: body });
    const settings = {
      enabled: true,
      provider: 'zenvia',
      baseUrl: zenvia.url,
      accountSid: '',
      token: zenvia.token,
      dailyCap: 5,
    };
    // A Twilio number rule does not apply, but Zenvia's sender is a name.
    expect((await save({ ...settings, from: 'Acende <x>' })).statusCode).toBe(400);
    const saved = await save({ ...settings, from: 'Acende' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ provider: 'zenvia', token: '********', inboundUrl: INBOUND });
    header = saved.json().inboundToken;
    expect(header).toMatch(/^[\w-]{40,}$/);
    expect(saved.body).not.toContain(zenvia.token);
  });

  it('sends with the API token in the documented body, keeps its id, and gives up a refusal no retry cures', async () => {
    toMorning(ctx());
    const id = await file(1);
    await processSmsOnce(ctx().app.deps);
    const [sent] = zenvia.sent.filter((m) => m.to === '5551999992001');
    expect(sent).toMatchObject({ from: 'Acende', text: expect.stringContaining(`solicitacao no ${id} recebida`) });
    expect((await texts(id))[0]).toMatchObject({ status: 'sent', provider: 'zenvia', providerMessageId: sent?.id });

    const refused = await file(2);
    zenvia.answerNext({ status: 400, body: { code: 'VALIDATION_ERROR', message: 'Invalid "to" 5551999992002' } });
    await processSmsOnce(ctx().app.deps);
    const [row] = await texts(refused);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, body: '' });
    expect(row?.lastError).toBe('Zenvia 400 VALIDATION_ERROR: Invalid "to" [number]');

    const later = await file(3);
    zenvia.answerNext({
      status: 429,
      headers: { 'retry-after': '90' },
      body: { code: 'TOO_MANY_REQUESTS', message: 'Slow down' },
    });
    await processSmsOnce(ctx().app.deps);
    const [waiting] = await texts(later);
    expect(Date.parse(waiting?.nextAttemptAt as string) - ctx().clock.now().getTime()).toBe(90_000);
    ctx().clock.advance(90_000);
    await processSmsOnce(ctx().app.deps);
    expect((await texts(later))[0]?.status).toBe('sent');
  });

  it('takes a reply posted with the header: SAIR stops the number; without it, 403 and nothing changes', async () => {
    const id = await file(4);
    expect((await reply('5551999992004', 'SAIR', 'not-the-header')).status).toBe(403);
    expect((await texts(id))[0]?.status).toBe('pending');
    const stop = await reply('5551999992004', 'SAIR', header);
    expect(stop.status).toBe(204);
    expect((await texts(id))[0]?.status).toBe('stopped');
    // An event that is no incoming text changes nothing, and is acknowledged.
    const odd = await ctx().app.inject({
      method: 'POST',
      url: '/api/sms/zenvia/inbound',
      headers: { 'x-acende-webhook-token': header },
      payload: { type: 'MESSAGE_STATUS', message: [] },
    });
    expect(odd.statusCode).toBe(204);
    expect((await reply('5551999992004', 'voltar', header)).status).toBe(204);
    expect(await ctx().db.selectFrom('channelStops').selectAll().execute()).toHaveLength(0);
  });
});
