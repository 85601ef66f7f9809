import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';

describeEachEngine(
  'administrators: energy-company registry',
  (ctx) => {
    let admin: TestAccount;
    let user: TestAccount;
    let viewer: TestAccount;

    beforeAll(async () => {
      admin = await signedIn(ctx(), { role: 'admin' });
      user = await signedIn(ctx(), { role: 'user' });
      viewer = await signedIn(ctx(), { role: 'viewer' });
    });

    // The geocoder is unreachable on purpose: filing a request then records an unknown area at once.
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
      account: TestAccount = admin,
      language = 'pt',
    ) => ctx().app.inject({ method, url, payload, headers: { ...account.headers, 'accept-language': language } });
    const publicNames = async () =>
      (await ctx().app.inject({ url: '/api/energy-companies' })).json().map((c: { name: string }) => c.name);

    it('lists every company with its number of requests, for admins only', async () => {
      await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: {
          phone: '(51) 99876-4321',
          address: 'Rua dos Andradas, 100',
          problemType: 'NO_LAMP',
          latitude: '-30.03',
          longitude: '-51.23',
          company: '2',
        },
      });
      const res = await call('GET', '/api/admin/energy-companies');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        expect.objectContaining({ id: 1, name: 'CEEE', active: true, requestCount: 0 }),
        expect.objectContaining({ id: 2, name: 'Certel', colorClass: 'green', iconClass: 'plug', requestCount: 1 }),
        expect.objectContaining({ id: 3, name: 'RGE', requestCount: 0 }),
      ]);
      for (const account of [user, viewer]) {
        expect((await call('GET', '/api/admin/energy-companies', undefined, account)).statusCode).toBe(403);
        expect(
          (await call('POST', '/api/admin/energy-companies', { name: 'X', fullName: 'Y' }, account)).statusCode,
        ).toBe(403);
        expect((await call('DELETE', '/api/admin/energy-companies/3', undefined, account)).statusCode).toBe(403);
      }
      expect((await ctx().app.inject({ url: '/api/admin/energy-companies' })).statusCode).toBe(401);
    });

    it.each([
      ['name', { name: '' }, 'O nome curto é obrigatório', 'Short name is required'],
      ['name', { name: undefined }, 'O nome curto é obrigatório', 'Short name is required'],
      ['fullName', { fullName: '   ' }, 'O nome completo é obrigatório', 'Full name is required'],
      ['colorClass', { colorClass: '' }, 'A cor é obrigatória', 'Colour is required'],
      ['iconClass', { iconClass: ' ' }, 'O ícone é obrigatório', 'Icon is required'],
    ])('validates %s with the spec message: %j', async (field, change, pt, en) => {
      const body = { name: 'Coop', fullName: 'Cooperativa', colorClass: 'red', iconClass: 'sun', ...change };
      const resPt = await call('POST', '/api/admin/energy-companies', body);
      expect(resPt.statusCode).toBe(400);
      expect(resPt.json().errors[field]).toBe(pt);
      const resEn = await call('POST', '/api/admin/energy-companies', body, admin, 'en');
      expect(resEn.json().errors[field]).toBe(en);
      const put = await call('PUT', '/api/admin/energy-companies/3', body);
      expect(put.json().errors[field]).toBe(pt);
    });

    it('creates with the defaults blue, bolt and active, and lists it publicly', async () => {
      const res = await call('POST', '/api/admin/energy-companies', { name: 'Coprel', fullName: 'Cooperativa Coprel' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        id: expect.any(Number),
        name: 'Coprel',
        fullName: 'Cooperativa Coprel',
        colorClass: 'blue',
        iconClass: 'bolt',
        active: true,
        requestCount: 0,
      });
      expect(await publicNames()).toEqual(['CEEE', 'Certel', 'Coprel', 'RGE']);
    });

    it('updates a company; an inactive one leaves the public list and can come back', async () => {
      const created = (
        await call('POST', '/api/admin/energy-companies', {
          name: 'Ceriluz',
          fullName: 'Cooperativa Ceriluz',
          colorClass: 'purple',
          iconClass: 'lightning',
          active: true,
        })
      ).json();
      const off = await call('PUT', `/api/admin/energy-companies/${created.id}`, {
        name: 'Ceriluz',
        fullName: 'Cooperativa Regional Ceriluz',
        colorClass: 'purple',
        iconClass: 'lightning',
        active: false,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ fullName: 'Cooperativa Regional Ceriluz', active: false });
      expect(await publicNames()).not.toContain('Ceriluz');
      // The wizard cannot file against it either.
      const filed = await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: {
          phone: '51 99999-0000',
          address: 'Rua A, 1',
          problemType: 'NO_LAMP',
          latitude: '-30',
          longitude: '-51',
          company: String(created.id),
        },
      });
      expect(filed.statusCode).toBe(400);
      const admins = (await call('GET', '/api/admin/energy-companies')).json();
      expect(admins.find((c: { id: number }) => c.id === created.id)).toMatchObject({ active: false });
      await call('PUT', `/api/admin/energy-companies/${created.id}`, { ...off.json(), active: true });
      expect(await publicNames()).toContain('Ceriluz');
      const missing = await call('PUT', '/api/admin/energy-companies/99999', { name: 'A', fullName: 'B' });
      expect(missing.statusCode).toBe(404);
    });

    it('deletes an unused company and refuses with 409 one that requests refer to', async () => {
      const created = (
        await call('POST', '/api/admin/energy-companies', { name: 'Temp', fullName: 'Temporária' })
      ).json();
      const gone = await call('DELETE', `/api/admin/energy-companies/${created.id}`);
      expect(gone.statusCode).toBe(204);
      expect(await publicNames()).not.toContain('Temp');
      expect((await call('DELETE', `/api/admin/energy-companies/${created.id}`)).statusCode).toBe(404);

      const inUse = await call('DELETE', '/api/admin/energy-companies/2');
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().message).toBe(
        'Esta concessionária tem solicitações e não pode ser excluída. Desative-a em vez disso.',
      );
      const inUseEn = await call('DELETE', '/api/admin/energy-companies/2', undefined, admin, 'en');
      expect(inUseEn.json().message).toBe(
        'This energy company has requests and cannot be deleted. Deactivate it instead.',
      );
      expect(await publicNames()).toContain('Certel');
    });

    it('says which companies can be deleted, and a delete succeeds exactly where it says so', async () => {
      const listed = (await call('GET', '/api/admin/energy-companies')).json() as {
        id: number;
        requestCount: number;
        deletable: boolean;
      }[];
      expect(listed.some((c) => c.deletable)).toBe(true);
      expect(listed.some((c) => !c.deletable)).toBe(true);
      for (const company of listed) {
        expect(company.deletable, String(company.id)).toBe(company.requestCount === 0);
        const res = await call('DELETE', `/api/admin/energy-companies/${company.id}`);
        expect(res.statusCode, String(company.id)).toBe(company.deletable ? 204 : 409);
      }
    });
  },
  { env: { GEOCODER_URL: 'http://127.0.0.1:9' } },
);
