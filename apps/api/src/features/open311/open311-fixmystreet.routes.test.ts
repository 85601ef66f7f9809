// FixMyStreet's own client replayed (issue 38): the request shapes, parameters, date format
// and XML reading of perllib/Open311.pm and Open311/GetServiceRequestUpdates.pm in
// mysociety/fixmystreet. A report is sent as send_service_request sends it (lat/long and no
// address, no phone, a long description, media_url, attribute[...], jurisdiction_id); its id
// read as `$obj->{request}->[0]->{service_request_id}`, and by tokens/{token}.xml. Operators
// then work on it and FixMyStreet fetches servicerequestupdates.xml for the last two hours
// with W3CDTF dates, reads it through XML::Simple's options (the root dropped, ForceArray on
// request_update, empty elements undef) and maps each status with map_state. Both engines.
import { XMLParser } from 'fast-xml-parser';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { createGeocoder, setGeocoderFor } from '../geocoding/geocoding.service.ts';
import { issueOpen311Key } from './open311-keys.service.ts';

/** `_get_xml_object`: XML::Simple with ForceArray on the group tags, KeyAttr {}, SuppressEmpty undef; the root dropped. */
const FORCE_ARRAY = new Set(['service', 'attribute', 'value', 'request', 'error', 'request_update']);
const parser = new XMLParser({ parseTagValue: false, isArray: (name) => FORCE_ARRAY.has(name) });
function xmlSimple(body: string): Record<string, unknown> {
  const suppressEmpty = (value: unknown): unknown => {
    if (value === '') return undefined;
    if (Array.isArray(value)) return value.map(suppressEmpty);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, suppressEmpty(v)]));
    }
    return value;
  };
  const tree = parser.parse(body) as Record<string, unknown>;
  const root = Object.keys(tree).find((k) => k !== '?xml') as string;
  return (suppressEmpty(tree[root]) as Record<string, unknown> | undefined) ?? {};
}

/** DateTime::Format::W3CDTF->format_datetime of a UTC DateTime (no nanoseconds): `Z`, whole seconds. */
const w3cdtf = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** The same instant with a zone's offset, as W3CDTF writes a DateTime in that zone. */
function w3cdtfAt(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
/** W3CDTF's parse_datetime, then format_datetime in UTC; undefined where it would die. */
function parseW3cdtf(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.exec(text);
  if (!match) return undefined;
  return w3cdtf(Date.parse(text));
}

/** Open311.pm's map_state, without extended statuses. */
function mapState(incoming: string): string {
  const state = incoming.toLowerCase().replaceAll('_', ' ');
  const map: Record<string, string> = {
    fixed: 'fixed - council',
    'not councils responsibility': 'not responsible',
    'no further action': 'unable to fix',
    open: 'confirmed',
    closed: 'fixed - council',
  };
  return map[state] ?? state;
}
/** FixMyStreet::DB::Result::Problem->visible_states: the states an update may set. */
const VISIBLE_STATES = new Set([
  'confirmed',
  'investigating',
  'in progress',
  'planned',
  'action scheduled',
  'fixed',
  'fixed - council',
  'fixed - user',
  'unable to fix',
  'not responsible',
  'duplicate',
  'closed',
  'internal referral',
]);

const CONTACT_TEXTS = ['Joana', 'Prestes', 'joana.prestes', '98123', '7766', 'Carlos', 'example.org'];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const HOUR = 3600_000;

describeEachEngine('FixMyStreet’s client against /open311/v2', (ctx) => {
  let apiKey = '';
  let admin: TestAccount;
  const endpoint = '/open311/v2/';
  /** Open311.pm's _get: the path after the endpoint, query_form of the params and jurisdiction_id. */
  const fmsGet = (path: string, params: Record<string, string> = {}) =>
    ctx().app.inject({
      method: 'GET',
      url: `${endpoint}${path}?${new URLSearchParams({ ...params, jurisdiction_id: 'acende' })}`,
    });
  const ids: Record<'report' | 'second' | 'third', string> = { report: '', second: '', third: '' };
  /** The report's tracking token (the POST's `token`): the citizen's link, which reopens it. */
  let reportToken = '';

  /** send_service_request with _populate_service_request_params' defaults (extended description, lat/long always). */
  async function sendServiceRequest(title: string, detail: string, url: string) {
    const params = {
      description: `${title}\n\n${detail}\n\n${url}\n`,
      service_code: 'LIGHT_OUT',
      first_name: 'Joana',
      last_name: 'Prestes',
      email: 'joana.prestes@example.org',
      lat: '-30.034612',
      long: '-51.217734',
      media_url: 'https://fixmystreet.example.com/photo/1234.0.full.jpeg',
      'attribute[company]': '1',
      jurisdiction_id: 'acende',
      api_key: apiKey,
    };
    const res = await ctx().app.inject({
      method: 'POST',
      url: `${endpoint}requests.xml`,
      headers: FORM,
      payload: new URLSearchParams(params).toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const obj = xmlSimple(res.body) as { request: { service_request_id?: unknown; token?: string }[] };
    const requestId = obj.request[0]?.service_request_id;
    expect(typeof requestId, 'not a ref: an id FixMyStreet keeps').toBe('string');
    return { id: requestId as string, token: obj.request[0]?.token as string };
  }

  async function change(id: string, path: string, body: Record<string, unknown>, method = 'POST') {
    const read = await ctx().app.inject({
      method: 'GET',
      url: `/api/admin/repair-requests/${id}`,
      headers: admin.headers,
    });
    const res = await ctx().app.inject({
      method: method as 'POST',
      url: `/api/admin/repair-requests/${id}${path}`,
      headers: admin.headers,
      payload: { ...body, updatedAt: read.json().updatedAt },
    });
    expect(res.statusCode, res.body).toBe(200);
    ctx().clock.advance(60_000);
  }

  it('takes a report as send_service_request posts it, and answers its id as FixMyStreet reads it', async () => {
    apiKey = (await issueOpen311Key(ctx().app.deps, { name: 'FixMyStreet' }, { id: null, username: 't', ip: null }))
      .key;
    admin = await signedIn(ctx(), { role: 'admin' });
    // No geocoder answers in this suite (nothing listens on port 9), without the pace's pauses.
    setGeocoderFor(
      ctx().config,
      createGeocoder({ baseUrl: 'http://127.0.0.1:9', userAgent: 'test', minIntervalMs: 0 }),
    );
    // A report's detail runs past the wizard's 500 characters; GeoReport allows 4,000.
    const detail = 'A luz do poste em frente ao número 120 está apagada há uma semana. '.repeat(20);
    const first = await sendServiceRequest('Poste apagado', detail, 'https://fixmystreet.example.com/report/1234');
    ids.report = first.id;
    reportToken = first.token;
    // get_service_request_id_from_token, as a client does when the POST answers a token only.
    const byToken = xmlSimple((await fmsGet(`tokens/${first.token}.xml`)).body) as {
      request: { service_request_id: string }[];
    };
    expect(byToken.request[0]?.service_request_id).toBe(ids.report);
    const stored = await ctx()
      .db.selectFrom('repairRequests')
      .select(['phone', 'address', 'reference', 'mediaUrl'])
      .where('id', '=', Number(ids.report))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      phone: '',
      // The geocoder is away in this suite: the point is kept as the address.
      address: '-30.034612, -51.217734',
      mediaUrl: 'https://fixmystreet.example.com/photo/1234.0.full.jpeg',
    });
    expect(stored.reference?.length).toBeGreaterThan(500);
    ids.second = (await sendServiceRequest('Outro relato', 'Mesmo poste.', 'https://fms.example.com/r/2')).id;
    ids.third = (await sendServiceRequest('Terceiro', 'Poste errado.', 'https://fms.example.com/r/3')).id;
  });

  it('answers get_service_request_updates for the last two hours as update_comments reads them', async () => {
    // An operator works on the report, with notes a citizen must never see elsewhere.
    await change(ids.report, '', { status: 'in_progress', notes: 'Equipe do Carlos; ligar (51) 98123-7766' }, 'PATCH');
    await change(ids.report, '', { status: 'completed', notes: 'Lâmpada trocada' }, 'PATCH');
    // The citizen reopens it from the tracking link, writing a contact into the note.
    const reopened = await ctx().app.inject({
      method: 'POST',
      url: `/api/repair-requests/${ids.report}/reopen`,
      payload: { token: reportToken, note: 'Apagou de novo, avise joana.prestes@example.org' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    ctx().clock.advance(60_000);
    await change(ids.second, '/duplicate', { originalId: Number(ids.report) });
    await change(ids.third, '', { status: 'cancelled', notes: 'Não é iluminação pública' }, 'PATCH');
    ctx().clock.advance(10 * 60_000);

    // update_comments: end now, start two hours before, both W3CDTF in UTC.
    const end = ctx().clock.now().getTime();
    const args = [w3cdtf(end - 2 * HOUR), w3cdtf(end)] as const;
    const res = await fmsGet('servicerequestupdates.xml', { api_key: apiKey, start_date: args[0], end_date: args[1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?><service_requests_updates>/);
    for (const text of CONTACT_TEXTS) expect(res.body, `carries ${text}`).not.toContain(text);
    expect(res.body).not.toMatch(/<(first_name|last_name|email|phone|name)>/);

    const requests = (xmlSimple(res.body).request_update ?? []) as Record<string, string | undefined>[];
    const applied: [string, string][] = [];
    const updateIds = new Set<string>();
    for (const request of requests) {
      const requestId = request.service_request_id;
      if (!requestId) continue;
      const updated = parseW3cdtf(request.updated_datetime);
      expect(updated, `updated_datetime ${request.updated_datetime}`).toBeDefined();
      if (!updated || updated < args[0] || updated > args[1]) continue;
      expect(request.update_id).toMatch(/^\d+$/);
      updateIds.add(request.update_id as string);
      // add_media fetches any media_url: none is given, the element is empty.
      expect(request.media_url).toBeUndefined();
      expect(request.description, 'comment_text_for_request takes it as the comment').toBeTruthy();
      const state = mapState(request.status as string);
      expect(VISIBLE_STATES.has(state), state).toBe(true);
      applied.push([requestId, state]);
    }
    expect(updateIds.size).toBe(requests.length);
    expect(applied).toEqual([
      [ids.report, 'in progress'],
      [ids.report, 'fixed - council'],
      [ids.report, 'confirmed'],
      [ids.second, 'duplicate'],
      [ids.third, 'unable to fix'],
    ]);
    const texts = requests.map((r) => r.description);
    expect(texts).toContain(`Reunida à solicitação ${ids.report}`);
    expect(texts[1]).toBe('Reparo concluído.');

    // The same updates in JSON, and in a zone's offset as a DateTime with a time zone writes it.
    const asJson = await fmsGet('servicerequestupdates.json', { start_date: args[0], end_date: args[1] });
    expect(asJson.json().map((u: { update_id: string; status: string }) => [u.update_id, u.status])).toEqual(
      requests.map((r) => [r.update_id, r.status]),
    );
    const zoned = await fmsGet('servicerequestupdates.xml', {
      start_date: w3cdtfAt(end - 2 * HOUR, -180),
      end_date: w3cdtfAt(end, 60),
    });
    expect(zoned.body).toBe(res.body);
  });

  it('answers an empty list for a span without changes, and all of them to a client sending no dates', async () => {
    const end = ctx().clock.now().getTime() - 24 * HOUR;
    const empty = await fmsGet('servicerequestupdates.xml', {
      start_date: w3cdtf(end - 2 * HOUR),
      end_date: w3cdtf(end),
    });
    expect(empty.statusCode).toBe(200);
    expect(xmlSimple(empty.body).request_update).toBeUndefined();
    // Bromley's shape: no dates; the last 90 days.
    const all = xmlSimple((await fmsGet('servicerequestupdates.xml', { api_key: apiKey })).body);
    expect((all.request_update as unknown[]).length).toBe(5);
  });

  it('refuses what FixMyStreet would log as an error: a bad date, a span over 90 days', async () => {
    for (const query of [
      { start_date: '2026-01-01 10:00:00', end_date: '2026-01-01T12:00:00Z' },
      { start_date: '2026-01-01T00:00:00Z', end_date: '2026-06-01T00:00:00Z' },
    ]) {
      const res: LightMyRequestResponse = await fmsGet('servicerequestupdates.xml', query);
      expect(res.statusCode).toBe(400);
      // _process_error: each error's code and description.
      const errors = xmlSimple(res.body).error as { code: string; description: string }[];
      expect(errors[0]?.code).toBe('400');
      expect(errors[0]?.description).toBeTruthy();
    }
  });
});
