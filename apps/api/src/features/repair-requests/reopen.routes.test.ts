// Reopen from the tracking link (issue 22): only with the token, only a completed request,
// only within 30 days of completion; back to open with a 'reopened' event, an audit row and
// the operators' list marker; two reopens at once make one.
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { fileTracked, setStatusAsAdmin } from '../../../test/requests.ts';

const DAY = 24 * 60 * 60 * 1000;

describeEachEngine('reopen from the tracking link', (ctx) => {
  let admin: TestAccount;

  const file = () => fileTracked(ctx().app);
  const setStatus = async (id: number, status: string) => {
    admin = await setStatusAsAdmin(ctx(), id, status);
  };
  const reopen = (id: number, payload: object, language = 'pt') =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/repair-requests/${id}/reopen`,
      payload,
      headers: { 'accept-language': language },
    });
  const stored = (id: number) =>
    ctx()
      .db.selectFrom('repairRequests')
      .select(['status', 'closedAt', 'reopenedAt', 'reopenCount', 'dueAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const reopenedEvents = async (id: number) =>
    ctx()
      .db.selectFrom('requestEvents')
      .selectAll()
      .where('requestId', '=', id)
      .where('kind', '=', 'reopened')
      .execute();

  it('reopens a completed request: open again, the note in its history, the public timeline and the queue', async () => {
    const { id, trackingToken } = await file();
    await setStatus(id, 'completed');
    ctx().clock.advance(3 * DAY);

    const res = await reopen(id, { token: trackingToken, note: '  Apagou de novo na mesma noite  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id, status: 'open', closedAt: null, masked: false });
    expect(body.timeline.map((e: { status: string }) => e.status)).toEqual(['open', 'completed', 'open']);
    expect(body.timeline.at(-1)).toMatchObject({ status: 'open', reopened: true });
    expect(body.timeline[0].reopened).toBeUndefined();

    const after = await stored(id);
    expect(after).toMatchObject({ status: 'open', closedAt: null, reopenCount: 1 });
    // The repair clock restarts from the reopening (decision 0029): a light out's default 72 h.
    expect(Date.parse(String(after.dueAt)) - Date.parse(String(after.reopenedAt))).toBe(72 * 3_600_000);
    const [event, ...more] = await reopenedEvents(id);
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({
      fromStatus: 'completed',
      toStatus: 'open',
      notes: 'Apagou de novo na mesma noite',
      actorId: null,
    });

    // The tracking read (the hot path when it is on) shows the same reopened state.
    const track = await ctx().app.inject({ url: `/api/repair-requests/${id}` });
    expect(track.json()).toMatchObject({ status: 'open', closedAt: null, masked: true });
    expect(track.json().timeline.at(-1)).toMatchObject({ status: 'open', reopened: true });

    // The operator's detail has the event, the list its marker, the audit log its row.
    admin = await signedIn(ctx(), { role: 'admin' });
    const detail = await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers });
    expect(detail.json().history.at(-1)).toMatchObject({ kind: 'reopened', notes: 'Apagou de novo na mesma noite' });
    const list = await ctx().app.inject({
      url: '/api/admin/repair-requests',
      query: { q: String(id) },
      headers: admin.headers,
    });
    expect(list.json().items.find((item: { id: number }) => item.id === id)).toMatchObject({ reopened: true });
    const audit = await ctx()
      .db.selectFrom('auditLog')
      .select(['kind', 'actorId', 'objectId'])
      .where('kind', '=', 'request.reopen')
      .where('objectId', '=', String(id))
      .execute();
    expect(audit).toEqual([{ kind: 'request.reopen', actorId: null, objectId: String(id) }]);

    // Closed again, the marker goes; a second reopen counts.
    await setStatus(id, 'completed');
    const again = await ctx().app.inject({
      url: '/api/admin/repair-requests',
      query: { q: String(id) },
      headers: admin.headers,
    });
    expect(again.json().items.find((item: { id: number }) => item.id === id)).toMatchObject({ reopened: false });
    expect((await reopen(id, { token: trackingToken, note: 'Ainda apagada' })).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'open', reopenCount: 2 });
  });

  it('refuses without the token or with another request’s, in the reader’s language, changing nothing', async () => {
    const { id } = await file();
    const other = await file();
    await setStatus(id, 'completed');
    const before = await stored(id);

    const missing = await reopen(id, { note: 'Ainda apagada' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'Para reabrir, use o link de acompanhamento recebido ao registrar a solicitação',
    );
    const wrong = await reopen(id, { token: other.trackingToken, note: 'Ainda apagada' }, 'en');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('To reopen, use the tracking link you got when you filed the request');

    expect(await stored(id)).toEqual(before);
    expect(await reopenedEvents(id)).toHaveLength(0);
  });

  it('refuses after 30 days of completion, and takes one just within them', async () => {
    const late = await file();
    const inTime = await file();
    await setStatus(late.id, 'completed');
    await setStatus(inTime.id, 'completed');
    ctx().clock.advance(30 * DAY - 60_000);
    expect((await reopen(inTime.id, { token: inTime.trackingToken, note: 'Ainda apagada' })).statusCode).toBe(200);

    ctx().clock.advance(61_000);
    const res = await reopen(late.id, { token: late.trackingToken, note: 'Ainda apagada' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'O prazo para reabrir passou: 30 dias após a conclusão. Registre uma nova solicitação.',
    );
    const en = await reopen(late.id, { token: late.trackingToken, note: 'Still dark' }, 'en');
    expect(en.json().message).toBe(
      'The time to reopen has passed: 30 days after completion. Please file a new request.',
    );
    expect(await stored(late.id)).toMatchObject({ status: 'completed', reopenCount: 0 });
  });

  it('refuses a request that is not completed, and a blank or too long note', async () => {
    const { id, trackingToken } = await file();
    const open = await reopen(id, { token: trackingToken, note: 'Ainda apagada' });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe('Só uma solicitação concluída pode ser reaberta');
    await setStatus(id, 'cancelled');
    expect((await reopen(id, { token: trackingToken, note: 'Ainda apagada' }, 'en')).json().message).toBe(
      'Only a completed request can be reopened',
    );

    await setStatus(id, 'completed');
    const blank = await reopen(id, { token: trackingToken, note: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.note).toBe('Conte em poucas palavras o que continua com defeito');
    const long = await reopen(id, { token: trackingToken, note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(await stored(id)).toMatchObject({ status: 'completed', reopenCount: 0 });
  });

  it('takes one of two reopens sent at once', async () => {
    const { id, trackingToken } = await file();
    await setStatus(id, 'completed');
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => reopen(id, { token: trackingToken, note: `Ainda apagada ${i}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await reopenedEvents(id)).toHaveLength(1);
    expect(await stored(id)).toMatchObject({ status: 'open', reopenCount: 1 });
  });
});
