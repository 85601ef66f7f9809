import { afterAll, expect } from 'vitest';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { ANDRADAS, startFakeGeocoder } from '../../../test/fake-geocoder.ts';
import { createGeocoder, setGeocoderFor } from './geocoding.service.ts';

const geocoder = await startFakeGeocoder();
const { calls } = geocoder;
const GEOCODER_URL = geocoder.url;
afterAll(() => geocoder.close());

describeEachEngine(
  'geocoding through the server',
  (ctx) => {
    const get = (url: string) => ctx().app.inject({ url, headers: { 'accept-language': 'en' } });
    // Most tests need no pause between upstream calls; the one-per-second test puts the real geocoder back.
    const fast = () =>
      setGeocoderFor(ctx().config, createGeocoder({ baseUrl: GEOCODER_URL, userAgent: 'test', minIntervalMs: 0 }));

    it('answers a reverse lookup with display_name, asking upstream with the app User-Agent and languages', async () => {
      setGeocoderFor(ctx().config, undefined);
      geocoder.mode = 'ok';
      calls.length = 0;
      const res = await get('/api/geocode?lat=-30.0277&lon=-51.2287');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ display_name: ANDRADAS.display_name, lat: '-30.0277', lon: '-51.2287' });
      expect(calls).toHaveLength(1);
      const call = calls[0]!;
      expect(call.path).toBe('/reverse');
      expect(call.params.get('format')).toBe('json');
      expect(call.headers['user-agent']).toMatch(/^Acende\//);
      expect(call.headers['accept-language']).toBe('pt-BR,pt,en-US,en');
    });

    it('serves a repeated lookup from its cache', async () => {
      calls.length = 0;
      const res = await get('/api/geocode?lat=-30.02770&lon=-51.22870');
      expect(res.statusCode).toBe(200);
      expect(calls).toHaveLength(0);
    });

    it('sends at most one upstream call per second, queueing rather than dropping', async () => {
      setGeocoderFor(ctx().config, undefined);
      calls.length = 0;
      const [a, b] = await Promise.all([get('/api/geocode/search?q=Rua 1'), get('/api/geocode/search?q=Rua 2')]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(calls).toHaveLength(2);
      const [first, second] = calls.map((c) => c.at).sort((x, y) => x - y);
      expect(second! - first!).toBeGreaterThanOrEqual(950);
    });

    it('searches with limit 5 and address details, and answers at most five places', async () => {
      fast();
      calls.length = 0;
      const res = await get(`/api/geocode/search?q=${encodeURIComponent('Rua dos Andradas, Porto Alegre')}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ display_name: ANDRADAS.display_name, lat: ANDRADAS.lat, lon: ANDRADAS.lon }]);
      expect(calls[0]!.path).toBe('/search');
      expect(Object.fromEntries(calls[0]!.params)).toMatchObject({
        format: 'json',
        q: 'Rua dos Andradas, Porto Alegre',
        limit: '5',
        addressdetails: '1',
      });
      const many = await get('/api/geocode/search?q=Rua%20Qualquer');
      expect(many.json()).toHaveLength(5);
      const none = await get('/api/geocode/search?q=Nowhere%20at%20all');
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
    });

    it('answers 404 when the point has no address', async () => {
      const res = await get('/api/geocode?lat=10&lon=10');
      expect(res.statusCode).toBe(404);
    });

    it('answers 400 for bad coordinates and an empty query', async () => {
      for (const query of ['lat=abc&lon=1', 'lat=91&lon=0', 'lat=0&lon=181', 'lon=1', 'lat=1&lon=', 'lat=1e3&lon=2']) {
        const res = await get(`/api/geocode?${query}`);
        expect(res.statusCode, query).toBe(400);
      }
      const latMessage = await get('/api/geocode?lat=100&lon=0');
      expect(latMessage.json().message).toBe('Latitude must be a number between -90 and 90');
      for (const q of ['', '%20%20%20']) {
        const res = await get(`/api/geocode/search?q=${q}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Enter an address to search');
      }
      expect((await get('/api/geocode/search')).statusCode).toBe(400);
    });

    it('answers 502 when the upstream fails, and does not cache the failure', async () => {
      fast();
      geocoder.mode = 'fail';
      const reverse = await get('/api/geocode?lat=-12.5&lon=-40.25');
      expect(reverse.statusCode).toBe(502);
      expect(reverse.json().message).toBe('Service unavailable at the moment');
      const search = await get('/api/geocode/search?q=Avenida%20Borges');
      expect(search.statusCode).toBe(502);
      geocoder.mode = 'ok';
      expect((await get('/api/geocode/search?q=Avenida%20Borges')).statusCode).toBe(200);
    });

    it('answers 502 when the upstream does not answer at all', async () => {
      setGeocoderFor(
        ctx().config,
        createGeocoder({ baseUrl: 'http://127.0.0.1:9', userAgent: 'test', minIntervalMs: 0 }),
      );
      const res = await get('/api/geocode?lat=-12.5&lon=-40.25');
      expect(res.statusCode).toBe(502);
    });

    const request = {
      name: 'Ana',
      phone: '(51) 99876-4321',
      address: 'Rua dos Andradas, Porto Alegre',
      problemType: 'LIGHT_OUT',
      company: '1',
    };
    const storedArea = (id: number) =>
      ctx().db.selectFrom('repairRequests').select(['district', 'city']).where('id', '=', id).executeTakeFirstOrThrow();
    /** The area is filled in after the answer when the geocoder had to be asked. */
    const eventualArea = async (id: number) => {
      for (let i = 0; i < 100; i++) {
        const area = await storedArea(id);
        if (area.district || area.city) return area;
        await new Promise((r) => setTimeout(r, 20));
      }
      return storedArea(id);
    };

    it('stores the district and city of a new request from the geocoder', async () => {
      fast();
      geocoder.mode = 'ok';
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: { ...request, latitude: '-29.4611', longitude: '-51.2011' },
      });
      expect(res.statusCode).toBe(201);
      expect(await eventualArea(res.json().id)).toEqual({ district: 'Picada Café', city: 'Linha Nova' });
    });

    it('uses the area of a picked search result without asking again', async () => {
      fast();
      await get('/api/geocode/search?q=Andradas');
      calls.length = 0;
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: { ...request, latitude: ANDRADAS.lat, longitude: ANDRADAS.lon },
      });
      expect(res.statusCode).toBe(201);
      expect(calls).toHaveLength(0);
      expect(await storedArea(res.json().id)).toEqual({ district: 'Centro Histórico', city: 'Porto Alegre' });
    });

    it('still files the request, with an unknown area, when the geocoder is down', async () => {
      fast();
      geocoder.mode = 'fail';
      const started = Date.now();
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: { ...request, latitude: '-1.5', longitude: '-48.5' },
      });
      geocoder.mode = 'ok';
      expect(res.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await storedArea(res.json().id)).toEqual({ district: null, city: null });
    });
  },
  { env: { GEOCODER_URL } },
);
