// What a crew's phone downloads, on both engines (decision 0068): its own crew's work orders of
// the day only (not another company's, not another crew of its company), never the citizen's
// name, e-mail or phone, a transferred stop without its details; photos kept once per key.
import { expect } from 'vitest';
import type { TestAccount } from '../../../test/accounts.ts';
import { describeEachDay, it } from '../../../test/engines.ts';
import { pdfBytes, smallPng } from '../../../test/photos.ts';
import { fileValidRequest, validRequest } from '../../../test/requests.ts';
import { changeRequest } from '../../../test/webhooks.ts';
import { type CrewLogin, crewAccount, crewDay, officeAdmin, today, workOrderFor } from './crew.test-support.ts';

describeEachDay('the crew’s day and photos', (ctx) => {
  let office: TestAccount;
  let crewA: CrewLogin;
  let crewA2: CrewLogin;
  let crewB: CrewLogin;
  let orderA: { id: number; stops: { id: number; requestId: number }[] };
  let requests: number[];

  it('sets up two crews of company 1, one of company 2, and their work orders', async () => {
    office = await officeAdmin(ctx());
    crewA = await crewAccount(ctx(), 1, 'Equipe Centro');
    crewA2 = await crewAccount(ctx(), 1, 'Equipe Sul');
    crewB = await crewAccount(ctx(), 2, 'Equipe Certel');
    requests = [
      await fileValidRequest(ctx().app, { address: 'Rua A, 10 - ligar 51 99876-4321', longitude: '-51.2200' }),
      await fileValidRequest(ctx().app, { longitude: '-51.2210' }),
    ];
    await ctx()
      .db.updateTable('repairRequests')
      .set({ notes: 'Levar escada' })
      .where('id', '=', requests[0] as number)
      .execute();
    orderA = await workOrderFor(ctx(), office, crewA, requests);
    await workOrderFor(ctx(), office, crewA2, [await fileValidRequest(ctx().app, { longitude: '-51.2300' })]);
    await workOrderFor(ctx(), office, crewB, [await fileValidRequest(ctx().app, { company: '2' })]);
  });

  it('lists the crew’s orders of the day with what the pole needs and never the citizen’s contacts', async () => {
    const res = await crewDay(ctx(), crewA);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json();
    expect(day.crew).toMatchObject({ id: crewA.crewId, name: 'Equipe Centro', companyId: 1 });
    expect(day.workOrders.map((o: { id: number }) => o.id)).toEqual([orderA.id]);
    const [first] = day.workOrders[0].stops;
    expect(first).toMatchObject({
      requestId: requests[0],
      inScope: true,
      status: 'open',
      problemType: 'LIGHT_OUT',
      reference: validRequest.reference,
      description: 'Levar escada',
      outcome: null,
    });
    // A phone number typed into the address is masked, as for a company's system (decision 0043).
    expect(first.address).toContain('Rua A, 10');
    expect(first.address).not.toContain('99876');
    for (const secret of [validRequest.name, validRequest.email, '99876-4321', '99876']) {
      expect(res.body).not.toContain(secret);
    }
    expect(day.companies.map((c: { id: number }) => c.id)).not.toContain(1);
    expect(day.companies.length).toBeGreaterThan(0);
  });

  it('shows a crew nothing of another crew of its company, nor of another company', async () => {
    const sameCompany = (await crewDay(ctx(), crewA2)).json();
    expect(sameCompany.workOrders).toHaveLength(1);
    expect(sameCompany.workOrders[0].id).not.toBe(orderA.id);
    expect(JSON.stringify(sameCompany)).not.toContain(`"requestId":${requests[0]},`);
    const other = (await crewDay(ctx(), crewB)).json();
    expect(other.crew.companyId).toBe(2);
    expect(other.workOrders).toHaveLength(1);
    expect(other.workOrders[0].id).not.toBe(orderA.id);
    expect(other.materials.every((m: { companyId: number }) => m.companyId === 2)).toBe(true);
    // Another day is empty; a bad day is a 400 with a message.
    expect((await crewDay(ctx(), crewA, '2020-01-01')).json().workOrders).toEqual([]);
    const bad = await crewDay(ctx(), crewA, '2026-02-31');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });

  it('keeps crew routes for crew accounts: an operator gets a 403', async () => {
    expect((await crewDay(ctx(), office)).statusCode).toBe(403);
    expect((await ctx().app.inject({ url: `/api/crew/day?day=${today(ctx())}` })).statusCode).toBe(401);
  });

  it('lists the company’s active materials only', async () => {
    const now = ctx().clock.now().toISOString();
    await ctx()
      .db.insertInto('materials')
      .values([
        { companyId: 1, name: 'Lâmpada LED 100 W', unit: 'un', active: 1, createdAt: now, updatedAt: now },
        { companyId: 1, name: 'Relé antigo', unit: 'un', active: 0, createdAt: now, updatedAt: now },
        { companyId: 2, name: 'Cabo', unit: 'm', active: 1, createdAt: now, updatedAt: now },
      ])
      .execute();
    const names = (await crewDay(ctx(), crewA)).json().materials.map((m: { name: string }) => m.name);
    expect(names).toEqual(['Lâmpada LED 100 W']);
  });

  it('withholds the details of a stop whose request was transferred out', async () => {
    await changeRequest(ctx(), office, requests[1] as number, { companyId: 2, reason: 'Rede da Certel' }, '/transfer');
    const stops = (await crewDay(ctx(), crewA)).json().workOrders[0].stops;
    const moved = stops.find((s: { requestId: number }) => s.requestId === requests[1]);
    expect(moved).toMatchObject({ inScope: false, address: '', reference: null, description: null, poleNumber: null });
  });

  it('keeps a photo once per key: the same key again answers the photo kept; not an image is a 400', async () => {
    const put = (crew: TestAccount, key: string, body: Buffer, type = 'image/png') =>
      ctx().app.inject({
        method: 'PUT',
        url: `/api/crew/photos/${key}`,
        headers: { ...crew.headers, 'content-type': type },
        payload: body,
      });
    const png = await smallPng();
    const first = await put(crewA, 'foto-0001', png);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ key: 'foto-0001', width: 40, height: 30 });
    const again = await put(crewA, 'foto-0001', png);
    expect(again.json()).toEqual(first.json());
    const rows = await ctx().db.selectFrom('crewPhotos').selectAll().where('photoKey', '=', 'foto-0001').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ crewId: crewA.crewId, stopId: null, width: 40, height: 30 });
    // Keys are per crew: another crew's same key is its own photo.
    expect((await put(crewB, 'foto-0001', png)).statusCode).toBe(200);
    const notImage = await put(crewA, 'foto-0002', pdfBytes, 'image/jpeg');
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBeTruthy();
    expect((await put(crewA, 'x', png)).statusCode).toBe(400);
    expect((await put(office, 'foto-0003', png)).statusCode).toBe(403);
  });
});
