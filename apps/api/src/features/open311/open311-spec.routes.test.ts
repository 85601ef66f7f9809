// Issue 38: Open311 as GeoReport v2 reads, for a client that sends only what the spec asks.
// POST takes lat/long or address_string (the other looked up in Nominatim's stand-in), phone
// is optional, a service definition declares all a POST needs, a span over 90 days is refused,
// media_url is kept (never fetched) and tokens/{token} answers. Both engines.
import { XMLParser } from 'fast-xml-parser';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import { z } from 'zod';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { ANDRADAS, startFakeGeocoder } from '../../../test/fake-geocoder.ts';
import { createGeocoder, setGeocoderFor } from '../geocoding/geocoding.service.ts';
import { issueOpen311Key } from './open311-keys.service.ts';

const fake = await startFakeGeocoder();
afterAll(() => fake.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const xml = new XMLParser({ parseTagValue: false, isArray: (name) => ['request', 'error'].includes(name) });
const errorsSchema = z.array(z.strictObject({ code: z.number().int(), description: z.string().min(1) })).min(1);
const postAnswer = z.array(z.object({ service_request_id: z.string(), token: z.string() })).length(1);
const DAY_MS = 24 * 3600 * 1000;

describeEachEngine('Open311 as the spec reads', (ctx) => {
  let apiKey = '';
  const post = (fields: Record<string, string>, format: 'json' | 'xml' = 'json', locale = 'pt') =>
    ctx().app.inject({
      method: 'POST',
      url: `/open311/v2/requests.${format}?locale=${locale}`,
      headers: FORM,
      payload: form({ api_key: apiKey, service_code: 'LIGHT_OUT', 'attribute[company]': '1', ...fields }),
    });
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });
  /** The spec's error list, JSON or XML, each with the answer's status as its code. */
  function errorsOf(res: LightMyRequestResponse, status: number, format: 'json' | 'xml'): string[] {
    expect(res.statusCode, res.body).toBe(status);
    const list =
      format === 'json'
        ? res.json()
        : (xml.parse(res.body) as { errors: { error: { code: string; description: string }[] } }).errors.error.map(
            (e) => ({ code: Number(e.code), description: e.description }),
          );
    const errors = errorsSchema.parse(list);
    for (const e of errors) expect(e.code).toBe(status);
    return errors.map((e) => e.description);
  }
  const filed = async (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(201);
    const [answer] = postAnswer.parse(res.json());
    return { id: Number(answer?.service_request_id), token: answer?.token as string };
  };
  const row = (id: number) =>
    ctx()
      .db.selectFrom('repairRequests')
      .select(['address', 'latitude', 'longitude', 'district', 'city', 'phone', 'smsTo', 'whatsappTo', 'mediaUrl'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const calls = (path: string) => fake.calls.filter((c) => c.path === path).length;

  it('files with lat and long alone: the address is the geocoder’s name for the point, its area with it', async () => {
    apiKey = (await issueOpen311Key(ctx().app.deps, { name: 'Cliente' }, { id: null, username: 't', ip: null })).key;
    // No pause between upstream calls; the point's lookups reach the stand-in.
    setGeocoderFor(ctx().config, createGeocoder({ baseUrl: fake.url, userAgent: 'test', minIntervalMs: 0 }));
    const before = calls('/reverse');
    const { id } = await filed(await post({ lat: '-30.0277', long: '-51.2287' }));
    expect(calls('/reverse')).toBe(before + 1);
    expect(await row(id)).toMatchObject({
      address: ANDRADAS.display_name,
      latitude: '-30.0277',
      longitude: '-51.2287',
      district: 'Centro Histórico',
      city: 'Porto Alegre',
    });
    const [read] = (await get(`/open311/v2/requests/${id}.json`)).json();
    expect(read).toMatchObject({ address: ANDRADAS.display_name, lat: -30.0277, long: -51.2287 });
  });

  it('keeps the coordinates as the address when the geocoder names nothing there, or is down', async () => {
    const nowhere = await filed(await post({ lat: '-31.5000', long: '-52.1000' }));
    expect((await row(nowhere.id)).address).toBe('-31.5000, -52.1000');
    fake.mode = 'fail';
    try {
      const down = await filed(await post({ lat: '-29.9', long: '-51.1' }));
      expect((await row(down.id)).address).toBe('-29.9, -51.1');
    } finally {
      fake.mode = 'ok';
    }
  });

  it('files with address_string alone: the point is the geocoder’s first match, as Nominatim’s /search gives it', async () => {
    setGeocoderFor(ctx().config, createGeocoder({ baseUrl: fake.url, userAgent: 'test', minIntervalMs: 0 }));
    const before = calls('/search');
    const { id } = await filed(await post({ address_string: 'Rua dos Andradas, 1234, Porto Alegre' }));
    const search = fake.calls.filter((c) => c.path === '/search').slice(before);
    expect(search).toHaveLength(1);
    expect(search[0]?.params.get('q')).toBe('Rua dos Andradas, 1234, Porto Alegre');
    expect(search[0]?.params.get('format')).toBe('json');
    expect(await row(id)).toMatchObject({
      address: 'Rua dos Andradas, 1234, Porto Alegre',
      latitude: '-30.0277041',
      longitude: '-51.2287346',
      city: 'Porto Alegre',
    });
  });

  it('refuses an address the geocoder cannot find, and a POST with no place, naming the fields in the reader’s language', async () => {
    for (const format of ['json', 'xml'] as const) {
      expect(errorsOf(await post({ address_string: 'Beco Inexistente 99' }, format, 'en'), 400, format)).toEqual([
        'address_string: Address not found; send lat and long',
      ]);
      expect(errorsOf(await post({ address_string: 'Beco Inexistente 99' }, format, 'pt'), 400, format)).toEqual([
        'address_string: Endereço não encontrado; envie lat e long',
      ]);
      expect(errorsOf(await post({}, format, 'en'), 400, format)).toEqual([
        'lat/long: Required unless address_string is given',
      ]);
      expect(errorsOf(await post({ address_string: '  ' }, format, 'pt'), 400, format)).toEqual([
        'lat/long: Obrigatórios quando address_string não é informado',
      ]);
      // One coordinate is no point: the other is asked for, even beside an address.
      const half = errorsOf(await post({ lat: '-30.03', address_string: 'Rua A, 1' }, format, 'en'), 400, format);
      expect(half).toEqual([expect.stringMatching(/^long: /)]);
    }
  });

  it('answers 503 in the error list when the address cannot be looked up, suggesting lat and long', async () => {
    setGeocoderFor(ctx().config, createGeocoder({ baseUrl: fake.url, userAgent: 'test', minIntervalMs: 0 }));
    fake.mode = 'fail';
    try {
      const [description] = errorsOf(await post({ address_string: 'Rua Nova, 5' }, 'xml', 'en'), 503, 'xml');
      expect(description).toContain('send lat and long');
    } finally {
      fake.mode = 'ok';
    }
  });

  it('answers a retry by address_string from its Idempotency-Key, without asking the geocoder again', async () => {
    const send = (address: string) =>
      ctx().app.inject({
        method: 'POST',
        url: '/open311/v2/requests.json',
        headers: { ...FORM, 'idempotency-key': 'open311-address-retry-1' },
        payload: form({
          api_key: apiKey,
          service_code: 'LIGHT_OUT',
          'attribute[company]': '1',
          address_string: address,
        }),
      });
    const before = calls('/search');
    const first = await filed(await send('Rua dos Andradas, 7'));
    expect(calls('/search')).toBe(before + 1);
    // The answer was lost and the geocoder is down now: the retry still gets the same request.
    fake.mode = 'fail';
    try {
      expect(await filed(await send('Rua dos Andradas, 7'))).toEqual(first);
      expect(calls('/search')).toBe(before + 1);
      // The same key with another address is the wizard's conflict, before any lookup too.
      expect((await send('Rua dos Andradas, 9')).statusCode).toBe(409);
      expect(calls('/search')).toBe(before + 1);
    } finally {
      fake.mode = 'ok';
    }
  });

  it('takes no phone from an Open311 client: stored empty, no SMS or WhatsApp, the wizard still asks for one', async () => {
    const { id, token } = await filed(
      await post({ lat: '-30.0277', long: '-51.2287', address_string: 'Rua dos Andradas, 10', first_name: 'Rui' }),
    );
    expect(await row(id)).toMatchObject({ phone: '', smsTo: null, whatsappTo: null });
    const channel = await ctx().db.selectFrom('channelOutbox').select('id').where('requestId', '=', id).execute();
    expect(channel).toEqual([]);
    const tracked = (await get(`/api/repair-requests/${id}?t=${encodeURIComponent(token)}`)).json();
    expect(tracked).toMatchObject({ masked: false, name: 'Rui', phone: '' });
    // The wizard keeps its rule: a phone is required there.
    const wizard = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: {
        phone: '',
        address: 'Rua A, 1',
        problemType: 'LIGHT_OUT',
        latitude: '-30.03',
        longitude: '-51.22',
        company: '1',
        notifySms: true,
      },
    });
    expect(wizard.statusCode).toBe(400);
    expect(wizard.json().errors?.phone).toBeTruthy();
  });

  it('declares all a POST needs: a client sending only the spec’s fields and the required attributes files', async () => {
    for (const code of ['LIGHT_OUT', 'NO_LAMP', 'FALLEN_POLE', 'POLE_DAMAGE']) {
      const definition = (await get(`/open311/v2/services/${code}.json`)).json() as {
        attributes: { code: string; required: boolean; values?: { key: string }[] }[];
      };
      const attributes: Record<string, string> = {};
      for (const a of definition.attributes.filter((a) => a.required)) {
        attributes[`attribute[${a.code}]`] = a.values?.[0]?.key ?? 'x';
      }
      for (const place of [{ lat: '-30.0277', long: '-51.2287' }, { address_string: 'Rua dos Andradas, 1' }] as Record<
        string,
        string
      >[]) {
        const res = await ctx().app.inject({
          method: 'POST',
          url: '/open311/v2/requests.json',
          headers: FORM,
          payload: form({ api_key: apiKey, service_code: code, ...place, ...attributes }),
        });
        expect(res.statusCode, `${code} ${JSON.stringify(place)}: ${res.body}`).toBe(201);
      }
    }
  });

  it('keeps media_url, answers it in GET requests, shows it to operators, never fetches it, and anonymising clears it', async () => {
    const media = `${fake.url}/fotos/relato-7.jpg`;
    const before = fake.calls.length;
    const { id } = await filed(await post({ lat: '-30.0277', long: '-51.2287', media_url: media }));
    expect((await row(id)).mediaUrl).toBe(media);
    const [one] = (await get(`/open311/v2/requests/${id}.json`)).json();
    expect(one.media_url).toBe(media);
    const asXml = xml.parse((await get(`/open311/v2/requests/${id}.xml`)).body);
    expect(asXml.service_requests.request[0].media_url).toBe(media);
    // The stand-in that serves the "photo" was never asked for it.
    expect(fake.calls.slice(before).filter((c) => c.path.startsWith('/fotos'))).toEqual([]);

    const admin = await signedIn(ctx(), { role: 'admin' });
    const detail = await ctx().app.inject({
      method: 'GET',
      url: `/api/admin/repair-requests/${id}`,
      headers: admin.headers,
    });
    expect(detail.json().mediaUrl).toBe(media);
    // A link whose query names the citizen is the operators' only: the public answer leaves it out.
    const named = await filed(
      await post({
        lat: '-30.0277',
        long: '-51.2287',
        media_url: 'https://fotos.example.org/p.jpg?de=joana@example.org',
      }),
    );
    expect((await get(`/open311/v2/requests/${named.id}.json`)).json()[0].media_url).toBeNull();
    expect((await row(named.id)).mediaUrl).toBe('https://fotos.example.org/p.jpg?de=joana@example.org');

    const anonymized = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/anonymize`,
      headers: admin.headers,
    });
    expect(anonymized.statusCode, anonymized.body).toBe(200);
    expect((await row(id)).mediaUrl).toBeNull();
  });

  it('refuses a media_url that is no http(s) address or is too long, with a clear error in both formats', async () => {
    const tooLong = `https://fotos.example.org/${'a'.repeat(2000)}`;
    for (const media of [
      'ftp://fotos.example.org/a.jpg',
      'javascript:alert(1)',
      'foto.jpg',
      'https://u:p@x.org/a',
      tooLong,
    ]) {
      for (const format of ['json', 'xml'] as const) {
        expect(
          errorsOf(await post({ lat: '-30.03', long: '-51.22', media_url: media }, format, 'en'), 400, format),
        ).toEqual(['media_url: Enter an http:// or https:// address of at most 2,000 characters']);
      }
    }
    expect(
      errorsOf(
        await post({ lat: '-30.03', long: '-51.22', media_url: 'data:image/png;base64,AA' }, 'json'),
        400,
        'json',
      ),
    ).toEqual(['media_url: Informe um endereço http:// ou https:// de até 2.000 caracteres']);
  });

  it('answers tokens/{token} with the request a POST’s token stands for; an unknown token is a 404 error list', async () => {
    const { id, token } = await filed(await post({ lat: '-30.0277', long: '-51.2287' }));
    expect((await get(`/open311/v2/tokens/${token}.json`)).json()).toEqual([{ service_request_id: String(id), token }]);
    const asXml = xml.parse((await get(`/open311/v2/tokens/${token}.xml`)).body);
    expect(asXml.service_requests.request).toEqual([{ service_request_id: String(id), token }]);
    for (const format of ['json', 'xml'] as const) {
      expect(
        errorsOf(await get(`/open311/v2/tokens/AAAAAAAAAAAAAAAAAAAAAAAA.${format}?locale=en`), 404, format),
      ).toEqual(['Token not found']);
      // Longer than any token but within the router's path limit, or not a token's characters.
      errorsOf(await get(`/open311/v2/tokens/${'x'.repeat(150)}.${format}`), 404, format);
      errorsOf(await get(`/open311/v2/tokens/abc%20def.${format}`), 404, format);
    }
  });

  it('refuses a span over 90 days in GET requests and servicerequestupdates, and takes 90 days exactly', async () => {
    const end = ctx().clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
    for (const list of ['requests', 'servicerequestupdates']) {
      const exactly = await get(`/open311/v2/${list}.json?start_date=${iso(end - 90 * DAY_MS)}&end_date=${iso(end)}`);
      expect(exactly.statusCode, exactly.body).toBe(200);
      for (const format of ['json', 'xml'] as const) {
        const over = `start_date=${iso(end - 90 * DAY_MS - 1000)}&end_date=${iso(end)}`;
        expect(errorsOf(await get(`/open311/v2/${list}.${format}?${over}&locale=en`), 400, format)).toEqual([
          'start_date and end_date may be at most 90 days apart',
        ]);
        expect(errorsOf(await get(`/open311/v2/${list}.${format}?${over}`), 400, format)).toEqual([
          'start_date e end_date podem estar a no máximo 90 dias um do outro',
        ]);
      }
    }
  });
});
