import { expect } from 'vitest';
import { insertPole } from '../../../test/citizen-poles.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';

describeEachEngine('pole lookup by company and number', (ctx) => {
  const get = (url: string, language?: string) =>
    ctx().app.inject({ url, headers: language ? { 'accept-language': language } : {} });
  let poleId = 0;

  it('finds an active pole by the number on its label and by the number as typed', async () => {
    const { db } = ctx();
    poleId = await insertPole(db, {
      companyId: 1,
      number: 'PA-0042',
      latitude: -30.03,
      longitude: -51.23,
      street: 'Rua dos Andradas',
    });
    const expected = {
      id: poleId,
      companyId: 1,
      number: 'PA-0042',
      latitude: -30.03,
      longitude: -51.23,
      companyName: 'CEEE',
      street: 'Rua dos Andradas',
      openRequestId: null,
    };
    const label = await get('/api/poles/1/PA-0042');
    expect(label.statusCode).toBe(200);
    expect(label.json()).toEqual(expected);
    // Lower case with a space, as a person types it from the plate.
    const typed = await get(`/api/poles/1/${encodeURIComponent(' pa 0042 ')}`);
    expect(typed.statusCode).toBe(200);
    expect(typed.json()).toEqual(expected);
  });

  it('answers 404 in the reader language for an unknown number, another company, an inactive pole or company', async () => {
    const { db } = ctx();
    await insertPole(db, { companyId: 1, number: 'OFF-1', active: false });
    await insertPole(db, { companyId: 3, number: 'C3-1' });
    await db.updateTable('energyCompanies').set({ active: 0 }).where('id', '=', 3).execute();
    try {
      for (const url of ['/api/poles/1/PA-9999', '/api/poles/2/PA-0042', '/api/poles/1/OFF-1', '/api/poles/3/C3-1']) {
        const pt = await get(url);
        expect(pt.statusCode, url).toBe(404);
        expect(pt.json().message).toBe('Nenhum poste em serviço tem este número nesta concessionária');
        expect((await get(url, 'en')).json().message).toBe('No pole in service has this number at this energy company');
      }
    } finally {
      await db.updateTable('energyCompanies').set({ active: 1 }).where('id', '=', 3).execute();
    }
  });

  it('refuses malformed companies and numbers and encoded-path tricks with a 4xx, never a 500', async () => {
    const cases = [
      '/api/poles/0/PA-0042',
      '/api/poles/abc/PA-0042',
      '/api/poles/99999999999/PA-0042',
      '/api/poles/1/PA%2F0042',
      '/api/poles/1/..',
      '/api/poles/1/%2E%2E',
      '/api/poles/1/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/api/poles/1/%00',
      '/api/poles/1/%E0%A4%A',
      '/api/poles/1/%20',
      `/api/poles/1/${'A'.repeat(33)}`,
      `/api/poles/1/${'A'.repeat(300)}`,
      '/api/poles/1/A*B',
      '/api/poles/1/PA-0042/extra',
    ];
    for (const url of cases) {
      const res = await get(url, 'en');
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(typeof res.json().message, url).toBe('string');
    }
    const invalid = await get('/api/poles/1/PA%2F0042');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(
      'Use de 1 a 32 letras, dígitos, pontos, hífens ou sublinhados no número do poste',
    );
    expect((await get('/api/poles/abc/PA-0042', 'en')).statusCode).toBe(400);
  });

  it('names the newest open or in-progress request on the pole, and none once they are closed', async () => {
    const { app, db } = ctx();
    const file = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: { ...validRequest, pole: String(poleId) },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    const first = await file();
    const second = await file();
    expect((await get('/api/poles/1/PA-0042')).json().openRequestId).toBe(second);
    await db.updateTable('repairRequests').set({ status: 'completed' }).where('id', '=', second).execute();
    await db.updateTable('repairRequests').set({ status: 'in_progress' }).where('id', '=', first).execute();
    expect((await get('/api/poles/1/PA-0042')).json().openRequestId).toBe(first);
    await db.updateTable('repairRequests').set({ status: 'cancelled' }).where('id', '=', first).execute();
    expect((await get('/api/poles/1/PA-0042')).json().openRequestId).toBeNull();
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(doc.paths['/api/poles/{companyId}/{number}']?.get).toBeDefined();
  });
});
