// What a crew recorded at the stops, read by the office (decision 0068), on both engines and both
// photo stores: the work order's detail carries the outcome, reason, notes, proposed company,
// materials and photos, driven through the crew's real sync; the photo route serves the bytes in
// the work order's company scope only; anonymising a request takes its crew photos with it.
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachDay, it, type TestContext } from '../../../test/engines.ts';
import { smallPng } from '../../../test/photos.ts';
import { fileValidRequest } from '../../../test/requests.ts';
import {
  action,
  type CrewLogin,
  crewAccount,
  officeAdmin,
  stopsByRequest,
  sync,
  workOrderFor,
} from '../crew/crew.test-support.ts';
import { photoDir } from '../photos/photos.store.ts';
import { runRetentionOnce } from '../retention/retention.service.ts';

type Stop = { id: number; requestId: number; updatedAt: string };

async function putPhoto(ctx: TestContext, crew: CrewLogin, key: string): Promise<void> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/crew/photos/${key}`,
    headers: { ...crew.headers, 'content-type': 'image/png' },
    payload: await smallPng(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function material(ctx: TestContext, companyId: number, name: string): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db
    .insertInto('materials')
    .values({ companyId, name, unit: 'un', active: 1, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A crew's work order of `n` requests of its company, and its stops as the phone has them. */
async function worked(ctx: TestContext, office: TestAccount, crew: CrewLogin, n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await fileValidRequest(ctx.app, { company: String(crew.companyId) }));
  const order = await workOrderFor(ctx, office, crew, ids);
  ctx.clock.advance(60_000);
  const stops = await stopsByRequest(ctx, crew);
  return { order, stops: ids.map((id) => stops.get(id) as Stop) };
}

async function applied(ctx: TestContext, crew: CrewLogin, actions: unknown[]): Promise<void> {
  const res = await sync(ctx, crew, actions);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().results.map((r: { result: string; message: string | null }) => r.message ?? r.result)).toEqual(
    actions.map(() => 'applied'),
  );
}

for (const store of ['db', 'dir'] as const) {
  describeEachDay(
    `a stop's record for the office (photos in ${store})`,
    (ctx) => {
      let office: TestAccount;
      let operatorA: TestAccount;
      let operatorB: TestAccount;
      let orderId: number;
      let foreignOrderId: number;
      let foreignPhotoId: number;
      let stops: Stop[];
      let times: { arrived: string; fixed: string };
      const photoIds = (stopId: number) =>
        ctx()
          .db.selectFrom('crewPhotos')
          .select(['id', 'storageKey'])
          .where('stopId', '=', stopId)
          .orderBy('id')
          .execute();
      const photo = (account: TestAccount, order: number, id: number, size = 'full') =>
        ctx().app.inject({
          url: `/api/admin/work-orders/${order}/photos/${id}?size=${size}`,
          headers: account.headers,
        });
      const detail = async (account: TestAccount) => {
        const res = await ctx().app.inject({ url: `/api/admin/work-orders/${orderId}`, headers: account.headers });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().stops as Record<string, unknown>[];
      };

      beforeAll(async () => {
        office = await officeAdmin(ctx());
        operatorA = await signedIn(ctx(), { role: 'user', companyIds: [1] });
        operatorB = await signedIn(ctx(), { role: 'user', companyIds: [2] });
        const crew = await crewAccount(ctx(), 1, 'Equipe Centro');
        const lamp = await material(ctx(), 1, 'Lâmpada LED');
        const arm = await material(ctx(), 1, 'Braço de luminária');
        const mine = await worked(ctx(), office, crew, 4);
        orderId = mine.order.id;
        stops = mine.stops;
        const [a, b, c] = stops as [Stop, Stop, Stop];
        for (const key of ['poste-antes-a', 'poste-depois-a', 'poste-depois-c']) await putPhoto(ctx(), crew, key);
        const arrive = action(ctx(), 'arrive', a);
        ctx().clock.advance(12 * 60_000);
        const fix = action(ctx(), 'fix', a, {
          notes: 'Lâmpada trocada',
          materials: [
            { materialId: lamp, quantity: 2 },
            { materialId: arm, quantity: 1 },
          ],
          photoKeys: ['poste-antes-a', 'poste-depois-a'],
        });
        times = { arrived: arrive.at, fixed: fix.at };
        await applied(ctx(), crew, [
          arrive,
          fix,
          action(ctx(), 'not_possible', b, { reason: 'not_ours', proposedCompanyId: 2, notes: 'Poste da outra rede' }),
          action(ctx(), 'fix', c, { photoKeys: ['poste-depois-c'] }),
        ]);
        // Another company's crew, order and photo.
        const south = await crewAccount(ctx(), 2, 'Equipe Sul');
        const theirs = await worked(ctx(), office, south, 1);
        await putPhoto(ctx(), south, 'poste-sul-1');
        await applied(ctx(), south, [action(ctx(), 'fix', theirs.stops[0] as Stop, { photoKeys: ['poste-sul-1'] })]);
        foreignOrderId = theirs.order.id;
        foreignPhotoId = (await photoIds((theirs.stops[0] as Stop).id))[0]?.id as number;
      });

      it('lists what the crew recorded at each stop: outcome, reason, notes, proposed company, materials, photos', async () => {
        const [a, b, c, d] = stops as [Stop, Stop, Stop, Stop];
        const company2 = await ctx()
          .db.selectFrom('energyCompanies')
          .select('name')
          .where('id', '=', 2)
          .executeTakeFirstOrThrow();
        const photosOf = async (stop: Stop) =>
          (await photoIds(stop.id)).map((p) => ({ id: p.id, width: 40, height: 30 }));
        const byId = new Map((await detail(operatorA)).map((s) => [s.id, s]));
        expect(byId.get(a.id)).toMatchObject({
          outcome: 'fixed',
          arrivedAt: times.arrived,
          finishedAt: times.fixed,
          reason: null,
          notes: 'Lâmpada trocada',
          proposedCompany: null,
          materials: [
            { name: 'Braço de luminária', unit: 'un', quantity: 1 },
            { name: 'Lâmpada LED', unit: 'un', quantity: 2 },
          ],
          photos: await photosOf(a),
        });
        expect(byId.get(a.id)?.photos).toHaveLength(2);
        expect(byId.get(b.id)).toMatchObject({
          outcome: 'not_possible',
          reason: 'not_ours',
          notes: 'Poste da outra rede',
          proposedCompany: company2.name,
          materials: [],
          photos: [],
        });
        expect(byId.get(c.id)?.photos).toHaveLength(1);
        expect(byId.get(d.id)).toMatchObject({
          outcome: null,
          arrivedAt: null,
          finishedAt: null,
          reason: null,
          notes: null,
          proposedCompany: null,
          materials: [],
          photos: [],
        });
        const doc = (await ctx().app.inject({ url: '/api/openapi.json' })).json();
        expect(doc.paths['/api/admin/work-orders/{id}/photos/{photoId}']?.get).toBeDefined();
      });

      it('serves a stop photo to any account of the company, full size and thumbnail, privately cached', async () => {
        const [first] = await photoIds((stops[0] as Stop).id);
        const viewer = await signedIn(ctx(), { role: 'viewer', companyIds: [1] });
        for (const [account, size] of [
          [operatorA, 'full'],
          [viewer, 'thumb'],
          [office, 'full'],
        ] as const) {
          const res = await photo(account, orderId, first?.id as number, size);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.headers).toMatchObject({
            'content-type': 'image/jpeg',
            'cache-control': 'private, max-age=300',
            'x-content-type-options': 'nosniff',
            'content-disposition': 'inline',
          });
          expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
        }
        const full = await photo(operatorA, orderId, first?.id as number);
        expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 40, height: 30 });
        expect(
          (await ctx().app.inject({ url: `/api/admin/work-orders/${orderId}/photos/${first?.id}` })).statusCode,
        ).toBe(401);
        expect((await photo(operatorA, orderId, first?.id as number, 'huge')).statusCode).toBe(400);
      });

      it('answers another company’s order or photo exactly as a missing one', async () => {
        const [first] = await photoIds((stops[0] as Stop).id);
        const missingOrder = await photo(operatorA, 999_999, first?.id as number);
        expect(missingOrder.statusCode).toBe(404);
        expect(missingOrder.json().message).toBe('Ordem de serviço não encontrada');
        // Company 2's operator, on company 1's order and photo; company 1's, on company 2's.
        for (const res of [
          await photo(operatorB, orderId, first?.id as number),
          await photo(operatorA, foreignOrderId, foreignPhotoId),
        ]) {
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual(missingOrder.json());
        }
        // A photo of another order (another company's), or none, under an order in scope.
        const missingPhoto = await photo(operatorA, orderId, 999_999);
        expect(missingPhoto.statusCode).toBe(404);
        expect(missingPhoto.json().message).toBe('Foto não encontrada');
        const foreign = await photo(operatorA, orderId, foreignPhotoId);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json()).toEqual(missingPhoto.json());
        // Its own company's operator sees it.
        expect((await photo(operatorB, foreignOrderId, foreignPhotoId)).statusCode).toBe(200);
      });

      const filesOf = (keys: (string | null)[]) => {
        let names: string[] = [];
        try {
          names = readdirSync(photoDir(ctx().config));
        } catch {
          names = [];
        }
        return names.filter((name) => keys.some((key) => key && name.startsWith(`${key}-`)));
      };

      it('removes the crew’s photos of a request anonymised on demand, files too', async () => {
        const [a] = stops as [Stop];
        const kept = await photoIds(a.id);
        expect(kept).toHaveLength(2);
        const keys = kept.map((p) => p.storageKey);
        expect(filesOf(keys)).toHaveLength(store === 'dir' ? 4 : 0);
        const res = await ctx().app.inject({
          method: 'POST',
          url: `/api/admin/repair-requests/${a.requestId}/anonymize`,
          headers: office.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(await photoIds(a.id)).toEqual([]);
        expect(filesOf(keys)).toEqual([]);
        for (const p of kept) expect((await photo(operatorA, orderId, p.id)).statusCode).toBe(404);
        const stop = (await detail(operatorA)).find((s) => s.id === a.id);
        // The rest of the crew's record stays: it names no citizen.
        expect(stop).toMatchObject({ outcome: 'fixed', photos: [], materials: [{ name: 'Braço de luminária' }, {}] });
        // Another request's crew photo is untouched.
        expect(await photoIds((stops[2] as Stop).id)).toHaveLength(1);
      });

      it('removes the crew’s photos of a request the retention sweep anonymises', async () => {
        const c = stops[2] as Stop;
        const kept = await photoIds(c.id);
        expect(kept).toHaveLength(1);
        await ctx()
          .db.updateTable('repairRequests')
          .set({ closedAt: '2020-01-01T00:00:00.000Z' })
          .where('id', '=', c.requestId)
          .execute();
        expect((await runRetentionOnce(ctx().app.deps)).anonymized).toBe(1);
        expect(await photoIds(c.id)).toEqual([]);
        expect(filesOf(kept.map((p) => p.storageKey))).toEqual([]);
        expect((await photo(operatorA, orderId, kept[0]?.id as number)).statusCode).toBe(404);
        // The other company's photo stays: its request was closed today.
        expect((await photo(operatorB, foreignOrderId, foreignPhotoId)).statusCode).toBe(200);
      });
    },
    { env: { PHOTO_STORE: store } },
  );
}
