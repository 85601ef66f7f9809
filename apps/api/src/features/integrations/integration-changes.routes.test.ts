// Status in (issue 38, decision 0066) on both engines: a company's system changes one of its
// company's requests with an operator's effects (history, the citizen's e-mail, audit, closing
// and due dates, the stale check); another company's request is a 404 like a missing one; a
// missing, unknown or revoked key is a 401; bad input is refused in pt and en, writing nothing.
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { configureSmtp, fileRequest } from '../../../test/email.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { eventsOf, issueKey, readAsSystem, sendChange, snapshot, statusEmailsOf } from './integration.test-support.ts';

const DAY = 86_400_000;

describeEachEngine('status in: a company system changes its requests', (ctx) => {
  let smtp: SmtpCapture;
  let admin: TestAccount;
  let ceee: { id: number; key: string; keyPrefix: string };
  let certel: { id: number; key: string };

  const patch = (id: number, body: Record<string, unknown>) =>
    ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/repair-requests/${id}`,
      headers: admin.headers,
      payload: body,
    });
  const adminRead = async (id: number) =>
    (await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers })).json();
  const lastAudit = (id: number) =>
    ctx()
      .db.selectFrom('auditLog')
      .selectAll()
      .where('objectType', '=', 'request')
      .where('objectId', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    admin = await configureSmtp(ctx(), smtp);
    ceee = await issueKey(ctx(), admin, 1, 'SAP PM');
    certel = await issueKey(ctx(), admin, 2, 'Campo Certel');
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("has an operator's effects: history by the key's name, the citizen's e-mail, audit row", async () => {
    const byOperator = (await fileRequest(ctx())).id;
    const bySystem = (await fileRequest(ctx())).id;
    const body = { status: 'in_progress', notes: 'Equipe a caminho' };
    expect((await patch(byOperator, { ...body, updatedAt: (await adminRead(byOperator)).updatedAt })).statusCode).toBe(
      200,
    );
    const res = await sendChange(ctx(), ceee.key, bySystem, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: bySystem, status: 'in_progress', notes: 'Equipe a caminho' });
    // The citizen's contact data never reaches the company's system.
    for (const word of ['Maria', 'maria@example.com', '99999-1234']) expect(res.body).not.toContain(word);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'address',
        'assignedTo',
        'closedAt',
        'createdAt',
        'dueAt',
        'id',
        'latitude',
        'longitude',
        'notes',
        'poleNumber',
        'problemType',
        'status',
        'updatedAt',
      ].sort(),
    );

    const strip = ({
      id: _i,
      requestId: _r,
      actorId: _a,
      actorName: _n,
      createdAt: _c,
      ...rest
    }: Record<string, unknown>) => rest;
    const [operatorEvent, systemEvent] = [
      (await eventsOf(ctx(), byOperator)).at(-1),
      (await eventsOf(ctx(), bySystem)).at(-1),
    ];
    expect(systemEvent).toMatchObject({ kind: 'updated', actorId: null, actorName: 'SAP PM', toStatus: 'in_progress' });
    expect(strip(systemEvent as never)).toEqual(strip(operatorEvent as never));

    const [operatorMail] = await statusEmailsOf(ctx(), byOperator);
    const [systemMail] = await statusEmailsOf(ctx(), bySystem);
    expect(systemMail).toMatchObject({ toAddress: 'maria@example.com' });
    expect(systemMail?.textBody).toContain('Equipe a caminho');
    const unnumbered = (text: string | undefined, id: number) => text?.replaceAll(String(id), '#');
    expect(unnumbered(systemMail?.subject, bySystem)).toBe(unnumbered(operatorMail?.subject, byOperator));

    const [operatorAudit, systemAudit] = [await lastAudit(byOperator), await lastAudit(bySystem)];
    expect(systemAudit).toMatchObject({ kind: 'request.update', actorId: null, ip: expect.any(String) });
    expect(systemAudit.actorUsername).toBe(`${ceee.keyPrefix} · SAP PM`);
    expect([systemAudit.before, systemAudit.after]).toEqual([operatorAudit.before, operatorAudit.after]);
    // The operators' screen shows the change in the history with the system's name.
    const detail = await adminRead(bySystem);
    expect(detail.history.at(-1)).toMatchObject({ actorName: 'SAP PM', notes: 'Equipe a caminho' });
  });

  it('closes, pauses and reopens by the rules of decisions 0027 and 0029; a stale updatedAt is a 409', async () => {
    const id = (await fileRequest(ctx())).id;
    const filed = (await readAsSystem(ctx(), ceee.key, id)).json();
    expect(filed).toMatchObject({ status: 'open', closedAt: null });
    const cancelled = (
      await sendChange(ctx(), ceee.key, id, { status: 'cancelled', updatedAt: filed.updatedAt })
    ).json();
    expect(cancelled.closedAt).toBe(cancelled.updatedAt);
    ctx().clock.advance(2 * DAY);
    const reopened = (await sendChange(ctx(), ceee.key, id, { status: 'in_progress' })).json();
    expect(reopened.closedAt).toBeNull();
    // The clock stood still while cancelled: the due time moved on by the two days.
    expect(Date.parse(reopened.dueAt) - Date.parse(filed.dueAt)).toBe(
      Date.parse(reopened.updatedAt) - Date.parse(cancelled.closedAt),
    );
    const completed = (await sendChange(ctx(), ceee.key, id, { status: 'completed', notes: 'Lâmpada trocada' })).json();
    expect(completed.closedAt).toBe(completed.updatedAt);

    const before = await snapshot(ctx(), [id]);
    for (const [language, message] of [
      ['pt', /^Esta solicitação foi alterada/],
      ['en', /^This request was changed by someone else/],
    ] as const) {
      const stale = await sendChange(ctx(), ceee.key, id, { status: 'open', updatedAt: filed.updatedAt }, { language });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().message).toMatch(message);
    }
    expect(await snapshot(ctx(), [id])).toEqual(before);
  });

  it("answers another company's request exactly as a missing one, and writes nothing", async () => {
    const id = (await fileRequest(ctx(), { company: '1' })).id;
    const before = await snapshot(ctx(), [id]);
    const foreign = await sendChange(ctx(), certel.key, id, { status: 'completed', notes: 'fora' });
    const missing = await sendChange(ctx(), certel.key, 99_999_999, { status: 'completed', notes: 'fora' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const [foreignRead, missingRead] = [
      await readAsSystem(ctx(), certel.key, id),
      await readAsSystem(ctx(), certel.key, 99_999_999),
    ];
    expect(foreignRead.statusCode).toBe(404);
    expect(foreignRead.body).toBe(missingRead.body);
    expect(await snapshot(ctx(), [id])).toEqual(before);
    expect((await readAsSystem(ctx(), ceee.key, id)).statusCode).toBe(200);
  });

  it('refuses a missing, unknown or revoked key with a 401 and a message', async () => {
    const id = (await fileRequest(ctx())).id;
    // The clock moved past the suite admin's session: a fresh one.
    admin = await signedIn(ctx(), { role: 'admin' });
    const revoked = await issueKey(ctx(), admin, 1, 'Antigo');
    expect((await sendChange(ctx(), revoked.key, id, { notes: 'antes' })).statusCode).toBe(200);
    const revoke = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/integration-keys/${revoked.id}/revoke`,
      headers: admin.headers,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const before = await snapshot(ctx(), [id]);
    const refused = await sendChange(ctx(), revoked.key, id, { notes: 'depois' }, { language: 'en' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Integration key invalid or revoked');
    const unknown = await sendChange(ctx(), `${ceee.key}x`, id, { notes: 'x' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Chave de integração inválida ou revogada');
    const none = await ctx().app.inject({
      method: 'GET',
      url: `/api/integration/v1/requests/${id}`,
      headers: { 'accept-language': 'en' },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Send the integration key in the Authorization header: Bearer <key>');
    // A signed-in admin's session is not a key.
    const session = await ctx().app.inject({
      method: 'GET',
      url: `/api/integration/v1/requests/${id}`,
      headers: admin.headers,
    });
    expect(session.statusCode).toBe(401);
    expect(await snapshot(ctx(), [id])).toEqual(before);
  });

  it('refuses bad input in pt and en, half of nothing written', async () => {
    const id = (await fileRequest(ctx())).id;
    const before = await snapshot(ctx(), [id]);
    // [body, Idempotency-Key (undefined: a fresh one, null: none), words in pt, in en]
    const missingKey = ['Envie o cabeçalho Idempotency-Key', 'Send an Idempotency-Key header'] as const;
    const cases: [unknown, string | null | undefined, string, string][] = [
      [{}, undefined, 'Envie um status, uma observação ou os dois', 'Send a status, a note or both'],
      [{ status: 'fixed' }, undefined, 'Informe um status válido', 'Enter a valid status'],
      [{ notes: 'x'.repeat(2001) }, undefined, '', ''],
      [{ status: 'completed', extra: 1 }, undefined, '', ''],
      [{ status: 'completed' }, null, ...missingKey],
      [{ status: 'completed' }, 'x'.repeat(201), ...missingKey],
      [{ status: 'completed' }, 'chave\u00e9', ...missingKey],
    ];
    for (const [body, idempotencyKey, pt, en] of cases) {
      for (const [language, words] of [
        ['pt', pt],
        ['en', en],
      ] as const) {
        const res = await sendChange(ctx(), ceee.key, id, body, { language, idempotencyKey });
        expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
        expect(typeof res.json().message).toBe('string');
        if (words) expect(res.json().message).toContain(words);
      }
    }
    expect(await snapshot(ctx(), [id])).toEqual(before);
    // A duplicate leaves cancelled only by undo (decision 0034): the operators' rule holds here too.
    const original = (await fileRequest(ctx())).id;
    await ctx()
      .db.updateTable('repairRequests')
      .set({ status: 'cancelled', duplicateOfId: original })
      .where('id', '=', id)
      .execute();
    const duplicate = await snapshot(ctx(), [id]);
    const refused = await sendChange(ctx(), ceee.key, id, { status: 'open' }, { language: 'en' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await snapshot(ctx(), [id])).toEqual(duplicate);
  });
});
