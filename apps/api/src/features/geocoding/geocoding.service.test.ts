import { describe, expect, it } from 'vitest';
import { areaOf, createGeocoder } from './geocoding.service.ts';

describe('geocoder queue', () => {
  it('spaces upstream calls one second apart on its own clock, answering every caller', async () => {
    let clock = 0;
    const sleeps: number[] = [];
    const starts: number[] = [];
    const geocoder = createGeocoder({
      baseUrl: 'http://geocoder.test',
      userAgent: 'test',
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
      fetch: async (url) => {
        starts.push(clock);
        const q = new URL(String(url)).searchParams.get('q');
        return new Response(JSON.stringify([{ display_name: q, lat: '1', lon: '2' }]), { status: 200 });
      },
    });
    const answers = await Promise.all(['a1', 'b2', 'c3', 'd4'].map((q) => geocoder.search(q)));
    expect(answers.map((list) => list[0]?.display_name)).toEqual(['a1', 'b2', 'c3', 'd4']);
    expect(starts).toEqual([0, 1000, 2000, 3000]);
    expect(sleeps).toEqual([1000, 1000, 1000]);
  });

  it('refuses a caller at once with 503 when the queue is full, and serves again once it drains', async () => {
    let clock = 0;
    const geocoder = createGeocoder({
      baseUrl: 'http://geocoder.test',
      userAgent: 'test',
      maxWaiting: 3,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      fetch: async (url) => {
        const q = new URL(String(url)).searchParams.get('q');
        return new Response(JSON.stringify([{ display_name: q, lat: '1', lon: '2' }]), { status: 200 });
      },
    });
    const results = await Promise.allSettled(['a1', 'b2', 'c3', 'd4', 'e5'].map((q) => geocoder.search(q)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    const refused = results[3] as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'common.errors.geocoderBusy', status: 503 });
    expect((await geocoder.search('f6'))[0]?.display_name).toBe('f6');
  });

  it('shares one upstream call between concurrent identical lookups', async () => {
    let count = 0;
    const geocoder = createGeocoder({
      baseUrl: 'http://geocoder.test',
      userAgent: 'test',
      minIntervalMs: 0,
      fetch: async () => {
        count++;
        return new Response(JSON.stringify({ display_name: 'X', lat: '1', lon: '2' }), { status: 200 });
      },
    });
    await Promise.all([geocoder.reverse(1, 2), geocoder.reverse(1, 2), geocoder.reverse(1.0000001, 2)]);
    expect(count).toBe(1);
  });
});

describe('areaOf', () => {
  it('takes the suburb, neighbourhood or city district, and the city, town or village', () => {
    expect(areaOf({ suburb: 'Centro', city: 'Porto Alegre' })).toEqual({ district: 'Centro', city: 'Porto Alegre' });
    expect(areaOf({ neighbourhood: 'Vila Nova', town: 'Lajeado' })).toEqual({ district: 'Vila Nova', city: 'Lajeado' });
    expect(areaOf({ city_district: 'Norte', village: 'Linha' })).toEqual({ district: 'Norte', city: 'Linha' });
    expect(areaOf(undefined)).toEqual({ district: null, city: null });
  });
});

describe('geocoder cache', () => {
  it('answers a repeated lookup from memory for a day, unknown places too, and keeps at most 2,000 entries', async () => {
    let clock = Date.UTC(2026, 10, 25);
    const asked: string[] = [];
    const geocoder = createGeocoder({
      baseUrl: 'http://geocoder.test',
      userAgent: 'test',
      minIntervalMs: 0,
      now: () => clock,
      fetch: async (url) => {
        const params = new URL(String(url)).searchParams;
        const q = params.get('q') ?? `${params.get('lat')},${params.get('lon')}`;
        asked.push(q);
        if (params.get('lat') === '0.0000000') return new Response(JSON.stringify({ error: 'none' }), { status: 200 });
        return new Response(JSON.stringify([{ display_name: q, lat: '1', lon: '2' }]), { status: 200 });
      },
    });
    await geocoder.search('rua a');
    expect(await geocoder.reverse(0, 0)).toBeNull();
    clock += 23 * 60 * 60 * 1000;
    expect((await geocoder.search('rua a'))[0]?.display_name).toBe('rua a');
    expect(await geocoder.reverse(0, 0)).toBeNull();
    expect(asked).toEqual(['rua a', '0.0000000,0.0000000']);
    clock += 2 * 60 * 60 * 1000;
    await geocoder.search('rua a');
    expect(asked).toHaveLength(3);
    for (let i = 0; i < 2000; i++) await geocoder.search(`rua ${i}`);
    await geocoder.search('rua 1999');
    expect(asked).toHaveLength(2003);
    await geocoder.search('rua a');
    expect(asked).toHaveLength(2004);
  });
});
