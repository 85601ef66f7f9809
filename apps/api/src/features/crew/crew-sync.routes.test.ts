// The crew's sync on both engines (decision 0068): actions applied in order and once per key
// (sent twice, or twice at once), another body under a key refused, a conflict writing nothing,
// one bad action refused while the others apply, the order done with its webhook, the
// citizen's e-mail as for an operator's completion, and every action audited.
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { configureSmtp, fileRequest } from '../../../test/email.ts';
import { describeEachDay, it } from '../../../test/engines.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { addEndpoint, changeRequest, deliveryRows } from '../../../test/webhooks.ts';
import {
  action,
  type CrewLogin,
  countRows,
  crewAccount,
  stopsByRequest,
  sync,
  workOrderFor,
} from './crew.test-support.ts';

describeEachDay('the crew’s sync', (ctx) => {
  let smtp: SmtpCapture;
  let office: TestAccount;
  let crew: CrewLogin;
  let material: number;
  let foreignMaterial: number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    office = await configureSmtp(ctx(), smtp);
    crew = await crewAccount(ctx(), 1, 'Equipe Centro');
    await addEndpoint(ctx(), office, { url: 'https://93.184.215.14/acende', events: ['work_order.done'] });
    const now = ctx().clock.now().toISOString();
    const [own, foreign] = await ctx()
      .db.insertInto('materials')
      .values([
        { companyId: 1, name: 'Lâmpada LED', unit: 'un', active: 1, createdAt: now, updatedAt: now },
        { companyId: 2, name: 'Cabo Certel', unit: 'm', active: 1, createdAt: now, updatedAt: now },
      ])
      .returning('id')
      .execute();
    material = own?.id as number;
    foreignMaterial = foreign?.id as number;
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** Files `n` requests of company 1, puts them in one order for the crew, answers their stops. */
  async function planned(n: number) {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) ids.push((await fileRequest(ctx(), { longitude: (-51.2 - i / 100).toFixed(4) })).id);
    const order = await workOrderFor(ctx(), office, crew, ids);
    ctx().clock.advance(60_000);
    const stops = await stopsByRequest(ctx(), crew);
    return {
      order,
      ids,
      stops: ids.map((id) => stops.get(id) as { id: number; requestId: number; updatedAt: string }),
    };
  }

  it('applies arrive and fix: the request completed at the crew’s time, the e-mail queued, materials and audit kept', async () => {
    const { ids, stops } = await planned(2);
    const [stop] = stops as [(typeof stops)[number]];
    const arrive = action(ctx(), 'arrive', stop);
    ctx().clock.advance(60_000);
    const fix = action(ctx(), 'fix', stop, {
      notes: 'Lâmpada trocada',
      materials: [{ materialId: material, quantity: 2 }],
    });
    ctx().clock.advance(60_000);
    const res = await sync(ctx(), crew, [arrive, fix]);
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json().results;
    expect(first).toMatchObject({ key: arrive.key, result: 'applied', message: null, stop: { arrivedAt: arrive.at } });
    expect(second).toMatchObject({
      result: 'applied',
      stop: {
        status: 'completed',
        outcome: 'fixed',
        finishedAt: fix.at,
        arrivedAt: arrive.at,
        notes: 'Lâmpada trocada',
      },
    });
    const row = await ctx()
      .db.selectFrom('repairRequests')
      .select(['status', 'closedAt', 'updatedAt', 'notes'])
      .where('id', '=', ids[0] as number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'completed',
      closedAt: fix.at,
      notes: 'Consertado pela equipe Equipe Centro: Lâmpada trocada',
    });
    // The server's time stays the row's version, so an office's stale copy is still caught.
    expect(row.updatedAt > fix.at).toBe(true);
    const emails = await ctx()
      .db.selectFrom('emailOutbox')
      .selectAll()
      .where('requestId', '=', ids[0] as number)
      .execute();
    expect(emails.filter((e) => e.kind === 'status_update')).toHaveLength(1);
    const used = await ctx()
      .db.selectFrom('workOrderStopMaterials')
      .selectAll()
      .where('stopId', '=', stop.id)
      .execute();
    expect(used).toEqual([{ stopId: stop.id, materialId: material, quantity: 2 }]);
    const open = await ctx()
      .db.selectFrom('workOrderStops')
      .select('openRequestId')
      .where('id', '=', stop.id)
      .executeTakeFirst();
    expect(open?.openRequestId).toBeNull();
    const audit = (await auditRows(ctx())).filter((a) => a.kind === 'crew.arrive' || a.kind === 'crew.fix');
    // Newest first, each with the crew account as its actor.
    expect(audit.map((a) => [a.kind, a.actorId])).toEqual([
      ['crew.fix', crew.id],
      ['crew.arrive', crew.id],
    ]);
  });

  it('applies a sync sent twice once: every action replayed, one history event and one e-mail', async () => {
    const { ids, stops } = await planned(1);
    const actions = [action(ctx(), 'arrive', stops[0] as never), action(ctx(), 'fix', stops[0] as never)];
    expect((await sync(ctx(), crew, actions)).json().results.map((r: { result: string }) => r.result)).toEqual([
      'applied',
      'applied',
    ]);
    const before = { events: await countRows(ctx(), 'requestEvents'), outbox: await countRows(ctx(), 'emailOutbox') };
    const again = (await sync(ctx(), crew, actions, 'en')).json().results;
    expect(again.map((r: { result: string }) => r.result)).toEqual(['replayed', 'replayed']);
    expect(again[1].stop).toMatchObject({ requestId: ids[0], outcome: 'fixed' });
    expect({ events: await countRows(ctx(), 'requestEvents'), outbox: await countRows(ctx(), 'emailOutbox') }).toEqual(
      before,
    );
    const completions = await ctx()
      .db.selectFrom('requestEvents')
      .select('id')
      .where('requestId', '=', ids[0] as number)
      .where('toStatus', '=', 'completed')
      .execute();
    expect(completions).toHaveLength(1);
  });

  it('applies two syncs of the same keys sent at once only once', async () => {
    const { ids, stops } = await planned(2);
    const actions = stops.map((stop) => action(ctx(), 'fix', stop));
    const answers = await Promise.all([sync(ctx(), crew, actions), sync(ctx(), crew, actions)]);
    const results = answers.flatMap((res) => res.json().results.map((r: { result: string }) => r.result));
    expect(results.sort()).toEqual(['applied', 'applied', 'replayed', 'replayed']);
    for (const id of ids) {
      const events = await ctx()
        .db.selectFrom('requestEvents')
        .select('id')
        .where('requestId', '=', id)
        .where('toStatus', '=', 'completed')
        .execute();
      expect(events).toHaveLength(1);
    }
  });

  it('refuses the same key with another body, in the reader’s language', async () => {
    const { stops } = await planned(1);
    const arrive = action(ctx(), 'arrive', stops[0] as never);
    await sync(ctx(), crew, [arrive]);
    const reused = (
      await sync(ctx(), crew, [{ ...arrive, at: new Date(Date.parse(arrive.at) - 1000).toISOString() }], 'en')
    ).json();
    expect(reused.results[0]).toMatchObject({ result: 'refused', stop: null });
    expect(reused.results[0].message).toBe(
      'This key was already used for another action: the phone must make a new key',
    );
  });

  it('answers a conflict when the office changed the request: nothing written, the request as it is now', async () => {
    const { ids, stops } = await planned(1);
    const stop = stops[0] as (typeof stops)[number];
    await changeRequest(ctx(), office, ids[0] as number, { status: 'in_progress', notes: 'Prioridade' });
    const before = { events: await countRows(ctx(), 'requestEvents'), actions: await countRows(ctx(), 'crewActions') };
    const fix = action(ctx(), 'fix', stop);
    const res = (await sync(ctx(), crew, [fix])).json().results[0];
    expect(res).toMatchObject({
      result: 'conflict',
      stop: { status: 'in_progress', outcome: null, description: 'Prioridade' },
    });
    expect(res.stop.updatedAt).not.toBe(stop.updatedAt);
    expect(res.message).toContain('O escritório mudou esta solicitação');
    expect({ events: await countRows(ctx(), 'requestEvents'), actions: await countRows(ctx(), 'crewActions') }).toEqual(
      before,
    );
    const row = await ctx()
      .db.selectFrom('workOrderStops')
      .select(['outcome', 'finishedAt'])
      .where('id', '=', stop.id)
      .executeTakeFirst();
    expect(row).toEqual({ outcome: null, finishedAt: null });
    // Not kept: the crew sends again with what it now sees, under a new key, and it applies.
    const resent = (await sync(ctx(), crew, [{ ...action(ctx(), 'fix', res.stop) }])).json().results[0];
    expect(resent.result).toBe('applied');
  });

  it('refuses one bad action while the others apply, and a malformed sync applies nothing', async () => {
    const { stops } = await planned(3);
    const [a, b, c] = stops as [never, never, never];
    const sent = [
      action(ctx(), 'arrive', a),
      action(ctx(), 'fix', b, { materials: [{ materialId: foreignMaterial, quantity: 1 }] }),
      action(ctx(), 'not_possible', c, { reason: 'not_ours', proposedCompanyId: 2, notes: 'Poste da Certel' }),
    ];
    const results = (await sync(ctx(), crew, sent)).json().results;
    expect(results.map((r: { result: string }) => r.result)).toEqual(['applied', 'refused', 'applied']);
    expect(results[1].message).toBe(`Material fora da lista ativa da concessionária: ${foreignMaterial}`);
    expect(results[2].stop).toMatchObject({ outcome: 'not_possible', reason: 'not_ours', status: 'open' });
    const stopB = await ctx()
      .db.selectFrom('workOrderStops')
      .select(['outcome'])
      .where('id', '=', (b as { id: number }).id)
      .executeTakeFirst();
    expect(stopB?.outcome).toBeNull();
    // The office may plan the not-possible request again; the history says why.
    const stopC = await ctx()
      .db.selectFrom('workOrderStops')
      .selectAll()
      .where('id', '=', (c as { id: number }).id)
      .executeTakeFirstOrThrow();
    expect(stopC).toMatchObject({ openRequestId: null, proposedCompanyId: 2 });
    const note = await ctx()
      .db.selectFrom('requestEvents')
      .select(['notes', 'toStatus'])
      .where('requestId', '=', stopC.requestId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(note?.toStatus).toBeNull();
    expect(note?.notes).toContain('não é da nossa rede; a equipe propõe');
    const actions = await countRows(ctx(), 'crewActions');
    const bad = await sync(ctx(), crew, [action(ctx(), 'arrive', b), { ...action(ctx(), 'fix', b), at: 'ontem' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Informe a hora da ação como data e hora ISO 8601 com o fuso (Z ou -03:00)');
    expect(await countRows(ctx(), 'crewActions')).toBe(actions);
  });

  it('finishes the order when every stop has an outcome and queues work_order.done without citizen data', async () => {
    await ctx().db.deleteFrom('webhookDeliveries').execute();
    const { order, stops } = await planned(2);
    const [a, b] = stops as [never, never];
    await sync(ctx(), crew, [action(ctx(), 'fix', a)]);
    expect(await deliveryRows(ctx())).toHaveLength(0);
    await sync(ctx(), crew, [action(ctx(), 'not_possible', b, { reason: 'no_access' })]);
    const saved = await ctx()
      .db.selectFrom('workOrders')
      .select(['state', 'doneAt'])
      .where('id', '=', order.id)
      .executeTakeFirst();
    expect(saved?.state).toBe('done');
    expect(saved?.doneAt).toBeTruthy();
    const [delivery, ...more] = await deliveryRows(ctx());
    expect(more).toHaveLength(0);
    expect(delivery?.eventType).toBe('work_order.done');
    expect(JSON.parse(delivery?.payload ?? '{}')).toMatchObject({
      workOrderId: order.id,
      companyId: 1,
      crewName: 'Equipe Centro',
      stops: 2,
      fixed: 1,
      notPossible: 1,
    });
    expect(delivery?.payload).not.toContain('maria');
    // Its stops are finished: a further action there is refused with a reason.
    const late = (await sync(ctx(), crew, [action(ctx(), 'arrive', a)])).json().results[0];
    expect(late).toMatchObject({ result: 'refused' });
  });
});
