// An Open311 client's walk through /open311/v2, knowing only the GeoReport v2 document
// (wiki.open311.org/GeoReport_v2): discovery, the service list, a service definition, a POST
// with an API key, the request by id and filtered lists, in JSON and in XML. The shapes below
// are written from the spec, not from the server's code; every XML answer is parsed and must
// say what the JSON says. No answer may carry a citizen's name, phone or e-mail. Both engines,
// with the captcha on (an API key stands for it).
import { XMLParser } from 'fast-xml-parser';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { issueOpen311Key, revokeOpen311Key } from './open311-keys.service.ts';

// ── GeoReport v2, as the spec writes it ────────────────────────────────────
const isoWithZone = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
const discoverySchema = z.strictObject({
  changeset: isoWithZone,
  contact: z.string(),
  key_service: z.string(),
  endpoints: z.array(
    z.strictObject({
      specification: z.string(),
      url: z.string(),
      changeset: isoWithZone,
      type: z.enum(['production', 'test']),
      formats: z.array(z.enum(['text/xml', 'application/json'])),
    }),
  ),
});
const serviceSchema = z.strictObject({
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  metadata: z.boolean(),
  type: z.enum(['realtime', 'batch', 'blackbox']),
  keywords: z.string(),
  group: z.string(),
});
const definitionSchema = z.strictObject({
  service_code: z.string(),
  attributes: z.array(
    z.strictObject({
      variable: z.boolean(),
      code: z.string(),
      datatype: z.enum(['string', 'number', 'datetime', 'text', 'singlevaluelist', 'multivaluelist']),
      required: z.boolean(),
      datatype_description: z.string().nullable(),
      order: z.number().int(),
      description: z.string(),
      values: z.array(z.strictObject({ key: z.string(), name: z.string() })).optional(),
    }),
  ),
});
const postAnswerSchema = z
  .array(
    z.strictObject({
      service_request_id: z.string().optional(),
      token: z.string().optional(),
      service_notice: z.string().nullable(),
      account_id: z.string().nullable(),
    }),
  )
  .length(1);
const REQUEST_FIELDS = [
  'service_request_id',
  'status',
  'status_notes',
  'service_name',
  'service_code',
  'description',
  'agency_responsible',
  'service_notice',
  'requested_datetime',
  'updated_datetime',
  'expected_datetime',
  'address',
  'address_id',
  'zipcode',
  'lat',
  'long',
  'media_url',
] as const;
const serviceRequestSchema = z.strictObject({
  service_request_id: z.string(),
  status: z.enum(['open', 'closed']),
  status_notes: z.string().nullable(),
  service_name: z.string().nullable(),
  service_code: z.string(),
  description: z.string().nullable(),
  agency_responsible: z.string().nullable(),
  service_notice: z.string().nullable(),
  requested_datetime: isoWithZone,
  updated_datetime: isoWithZone.nullable(),
  expected_datetime: isoWithZone.nullable(),
  address: z.string().nullable(),
  address_id: z.string().nullable(),
  zipcode: z.string().nullable(),
  lat: z.number(),
  long: z.number(),
  media_url: z.string().nullable(),
});
const errorsSchema = z.array(z.strictObject({ code: z.number().int(), description: z.string().min(1) })).min(1);

// The XML lists, by the element that repeats.
const XML_LISTS = new Set(['endpoint', 'format', 'service', 'attribute', 'value', 'request', 'error']);
const xml = new XMLParser({ parseTagValue: false, isArray: (name) => XML_LISTS.has(name) });

/** A JSON value as the XML writes it: text, lists under their plural element, null as empty. */
function asXml(value: unknown, listItem?: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => asXml(v));
    return listItem ? { [listItem]: items } : items;
  }
  if (value === null) return '';
  if (typeof value !== 'object') return String(value);
  const lists: Record<string, string> = {
    endpoints: 'endpoint',
    formats: 'format',
    attributes: 'attribute',
    values: 'value',
  };
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, asXml(v, lists[k])]));
}

// ── The citizen an Open311 client files for ───────────────────────────────
const CITIZEN = {
  first_name: 'Joana',
  last_name: 'Prestes Vasconcelos',
  email: 'joana.vasconcelos@example.org',
  phone: '(51) 98123-7766',
};
const CONTACT_TEXTS = ['Joana', 'Vasconcelos', 'joana.vasconcelos', '98123', '7766', 'example.org'];
const CONTACT_FIELDS = /"(first_name|last_name|email|phone|name|device_id)"|<(first_name|last_name|email|phone|name)>/;

function expectNoContact(res: LightMyRequestResponse) {
  for (const text of CONTACT_TEXTS) expect(res.body, `${res.body.slice(0, 200)} carries ${text}`).not.toContain(text);
  expect(res.body).not.toMatch(CONTACT_FIELDS);
}

const ISSUER = { id: null, username: 'test', ip: null };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describeEachEngine(
  'Open311 GeoReport v2, driven as a client would',
  (ctx) => {
    let apiKey: string;
    let endpoint: string;
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'GET', url, headers });
    const post = (
      url: string,
      payload: string | object,
      headers: Record<string, string> = FORM,
      remoteAddress?: string,
    ) => ctx().app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });
    const json = (res: LightMyRequestResponse) => {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      return JSON.parse(res.body) as unknown;
    };
    const parsedXml = (res: LightMyRequestResponse) => {
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      expect(res.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
      return xml.parse(res.body) as Record<string, unknown>;
    };
    /** The same resource in both formats: the JSON matches the spec's shape and the XML says the same. */
    async function both<T>(
      path: string,
      schema: z.ZodType<T>,
      root: string,
      item?: string,
    ): Promise<{ data: T; jsonRes: LightMyRequestResponse; xmlRes: LightMyRequestResponse }> {
      const jsonRes = await get(`${path}.json`);
      expect(jsonRes.statusCode, jsonRes.body).toBe(200);
      const data = schema.parse(json(jsonRes));
      const xmlRes = await get(`${path}.xml`);
      expect(xmlRes.statusCode, xmlRes.body).toBe(200);
      const tree = parsedXml(xmlRes);
      const expected = item ? { [item]: asXml(data) } : asXml(data);
      expect(tree[root] === '' ? (item ? { [item]: [] } : {}) : tree[root]).toEqual(expected);
      return { data, jsonRes, xmlRes };
    }
    async function expectErrors(res: LightMyRequestResponse, status: number, format: 'json' | 'xml') {
      expect(res.statusCode, res.body).toBe(status);
      if (format === 'json') {
        const errors = errorsSchema.parse(json(res));
        for (const e of errors) expect(e.code).toBe(status);
        return errors.map((e) => e.description);
      }
      const tree = parsedXml(res) as { errors: { error: { code: string; description: string }[] } };
      const errors = errorsSchema.parse(
        tree.errors.error.map((e) => ({ code: Number(e.code), description: e.description })),
      );
      for (const e of errors) expect(e.code).toBe(status);
      return errors.map((e) => e.description);
    }
    const path = (suffix: string) => `${endpoint}${suffix}`;

    it('finds the endpoint in the discovery document (JSON and XML)', async () => {
      // With the captcha on, an admin's sign-in would need one: the key is issued by the service.
      apiKey = (await issueOpen311Key(ctx().app.deps, { name: 'Sistema 156' }, ISSUER)).key;

      const { data } = await both('/open311/v2/discovery', discoverySchema, 'discovery');
      const v2 = data.endpoints.find((e) => e.specification === 'http://wiki.open311.org/GeoReport_v2');
      expect(v2?.formats).toEqual(expect.arrayContaining(['text/xml', 'application/json']));
      const url = new URL(v2?.url as string);
      expect(url.origin).toBe(ctx().config.PUBLIC_URL);
      endpoint = url.pathname;
      expect(endpoint).toBe('/open311/v2');
    });

    it('lists the services (the problem types) in the language of `locale`', async () => {
      const pt = await both(path('/services'), z.array(serviceSchema), 'services', 'service');
      expect(pt.data.map((s) => s.service_code)).toEqual(['LIGHT_OUT', 'NO_LAMP', 'FALLEN_POLE', 'POLE_DAMAGE']);
      expect(pt.data[0]?.service_name).toBe('Lâmpada apagada');
      const en = z.array(serviceSchema).parse(json(await get(path('/services.json?locale=en_US'))));
      expect(en[0]?.service_name).toBe('Light Out');
      expect(en[0]?.description).not.toBe(pt.data[0]?.description);
      const enXml = parsedXml(await get(path('/services.xml?locale=en'))) as {
        services: { service: { service_name: string }[] };
      };
      expect(enXml.services.service[0]?.service_name).toBe('Light Out');
    });

    it('defines a service: the company is a required single-value attribute of the active companies', async () => {
      const { data } = await both(path('/services/LIGHT_OUT'), definitionSchema, 'service_definition');
      expect(data.service_code).toBe('LIGHT_OUT');
      const company = data.attributes.find((a) => a.code === 'company');
      expect(company).toMatchObject({ variable: true, required: true, datatype: 'singlevaluelist' });
      const active = await ctx()
        .db.selectFrom('energyCompanies')
        .select(['id', 'fullName'])
        .where('active', '=', 1)
        .execute();
      expect(company?.values?.map((v) => v.key).sort()).toEqual(active.map((c) => String(c.id)).sort());
      for (const format of ['json', 'xml'] as const) {
        const [description] = await expectErrors(await get(path(`/services/STREET_SWEEPING.${format}`)), 404, format);
        expect(description).toContain('STREET_SWEEPING');
      }
    });

    let filedId = '';
    let token = '';
    it('files a request with an API key (form-encoded, as the spec posts), no captcha, and answers the tracking link', async () => {
      // The wizard's own call is refused without a captcha on this server…
      const wizard = await post(
        '/api/repair-requests',
        {
          name: 'X',
          phone: CITIZEN.phone,
          address: 'Rua A, 1',
          problemType: 'LIGHT_OUT',
          latitude: '-30.03',
          longitude: '-51.22',
          company: '1',
        },
        { 'content-type': 'application/json' },
      );
      expect(wizard.statusCode).toBe(400);
      // …the key stands for it.
      const res = await post(
        path('/requests.json'),
        form({
          api_key: apiKey,
          service_code: 'FALLEN_POLE',
          lat: '-30.0346',
          long: '-51.2177',
          address_string: 'Avenida Borges de Medeiros, 500, Porto Alegre',
          description: 'Poste caído sobre a calçada',
          'attribute[company]': '2',
          ...CITIZEN,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const [answer] = postAnswerSchema.parse(json(res));
      filedId = answer?.service_request_id as string;
      token = answer?.token as string;
      expect(filedId).toMatch(/^\d+$/);
      const link = `${ctx().config.PUBLIC_URL}/track/${filedId}?t=${token}`;
      expect(answer?.service_notice).toContain(link);
      // The link is the citizen's: its token opens the request's contact details on the tracking page.
      const tracked = await get(`/api/repair-requests/${filedId}?t=${encodeURIComponent(token)}`);
      expect(tracked.json()).toMatchObject({ masked: false, name: 'Joana Prestes Vasconcelos', phone: CITIZEN.phone });
      const stored = await ctx()
        .db.selectFrom('repairRequests')
        .select(['companyId', 'problemType', 'reference', 'email'])
        .where('id', '=', Number(filedId))
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        companyId: 2,
        problemType: 'FALLEN_POLE',
        reference: 'Poste caído sobre a calçada',
        email: CITIZEN.email,
      });
    });

    it('files in XML too, and takes a JSON body with the attribute as an object', async () => {
      const res = await post(
        path('/requests.xml'),
        form({
          api_key: apiKey,
          service_code: 'NO_LAMP',
          lat: '-30.0400',
          long: '-51.2200',
          address_string: 'Rua da Praia, 10',
          'attribute[company]': '1',
          phone: CITIZEN.phone,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const tree = parsedXml(res) as { service_requests: { request: Record<string, string>[] } };
      const [answer] = tree.service_requests.request;
      expect(Object.keys(answer ?? {}).sort()).toEqual(['account_id', 'service_notice', 'service_request_id', 'token']);
      expect(answer?.service_request_id).toMatch(/^\d+$/);
      const viaJson = await post(
        path('/requests.json'),
        {
          api_key: apiKey,
          service_code: 'POLE_DAMAGE',
          lat: -30.05,
          long: -51.23,
          address_string: 'Rua Sete, 7',
          attribute: { company: 3 },
          phone: CITIZEN.phone,
        },
        { 'content-type': 'application/json' },
      );
      expect(viaJson.statusCode, viaJson.body).toBe(201);
      postAnswerSchema.parse(json(viaJson));
    });

    it('reads the request back by id in both formats, without contact data', async () => {
      const { data, jsonRes, xmlRes } = await both(
        path(`/requests/${filedId}`),
        z.array(serviceRequestSchema).length(1),
        'service_requests',
        'request',
      );
      expect(Object.keys(data[0] ?? {})).toEqual([...REQUEST_FIELDS]);
      expect(data[0]).toMatchObject({
        service_request_id: filedId,
        status: 'open',
        service_code: 'FALLEN_POLE',
        description: 'Poste caído sobre a calçada',
        address: 'Avenida Borges de Medeiros, 500, Porto Alegre',
        lat: -30.0346,
        long: -51.2177,
      });
      expectNoContact(jsonRes);
      expectNoContact(xmlRes);
      for (const format of ['json', 'xml'] as const) {
        await expectErrors(await get(path(`/requests/99999999.${format}`)), 404, format);
        await expectErrors(await get(path(`/requests/abc.${format}`)), 404, format);
      }
    });

    it('filters the list by id, service, status and dates; open and in progress are open, the rest closed', async () => {
      const ids = (res: LightMyRequestResponse) =>
        z
          .array(serviceRequestSchema)
          .parse(json(res))
          .map((r) => r.service_request_id);
      const all = await both(path('/requests'), z.array(serviceRequestSchema), 'service_requests', 'request');
      expect(all.data.length).toBe(3);
      expectNoContact(all.jsonRes);
      expectNoContact(all.xmlRes);
      expect(ids(await get(path('/requests.json?service_code=FALLEN_POLE')))).toEqual([filedId]);
      expect((await get(path('/requests.json?service_code=FALLEN_POLE,NO_LAMP'))).json()).toHaveLength(2);
      // Lists of only blanks and commas filter nothing, as empty values do (an empty list was a
      // 500 on PostgreSQL: `in ()`; the fuzzer found `status=%20`).
      for (const blank of ['status=%20', 'service_code=,', 'status=%20,%20&service_code=%20']) {
        const res = await get(path(`/requests.json?${blank}`));
        expect(res.statusCode, blank).toBe(200);
        expect(res.json(), blank).toHaveLength(3);
      }

      await ctx()
        .db.updateTable('repairRequests')
        .set({ status: 'in_progress' })
        .where('id', '=', Number(filedId))
        .execute();
      expect(ids(await get(path('/requests.json?status=open')))).toContain(filedId);
      const working = z.array(serviceRequestSchema).parse(json(await get(path(`/requests/${filedId}.json`))));
      expect(working[0]?.status).toBe('open');
      expect(working[0]?.expected_datetime).not.toBeNull();
      await ctx()
        .db.updateTable('repairRequests')
        .set({ status: 'completed' })
        .where('id', '=', Number(filedId))
        .execute();
      expect(ids(await get(path('/requests.json?status=closed')))).toEqual([filedId]);
      expect(ids(await get(path('/requests.json?status=open')))).not.toContain(filedId);
      const closed = z.array(serviceRequestSchema).parse(json(await get(path(`/requests/${filedId}.json`))));
      expect(closed[0]).toMatchObject({ status: 'closed', expected_datetime: null });

      const others = all.data.map((r) => r.service_request_id).filter((id) => id !== filedId);
      // With service_request_id the other filters do not apply (the spec).
      expect(
        ids(await get(path(`/requests.json?service_request_id=${others.join(',')}&status=closed`))).sort(),
      ).toEqual(others.sort());

      const now = ctx().clock.now().getTime();
      const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, '-00:00');
      expect(
        await get(path(`/requests.json?start_date=${iso(now - 3600_000)}&end_date=${iso(now + 3600_000)}`)),
      ).toSatisfy((res: LightMyRequestResponse) => res.json().length === 3);
      expect((await get(path(`/requests.json?end_date=${iso(now - 3600_000)}`))).json()).toEqual([]);
      const empty = await get(path(`/requests.xml?start_date=${iso(now + 3600_000)}`));
      expect(parsedXml(empty).service_requests).toBe('');
    });

    it('answers at most 1,000 requests, newest first', async () => {
      const at = new Date(ctx().clock.now().getTime() - 60_000).toISOString();
      const rows = Array.from({ length: 1001 }, (_, i) => ({
        name: 'Bulk',
        phone: '51 3333-0000',
        address: `Bulk ${i}`,
        problemType: 'LIGHT_OUT',
        latitude: '-30.0',
        longitude: '-51.0',
        companyId: 1,
        trackingTokenHash: `bulk-${i}`,
        createdAt: at,
        updatedAt: at,
      }));
      for (let i = 0; i < rows.length; i += 250)
        await ctx()
          .db.insertInto('repairRequests')
          .values(rows.slice(i, i + 250))
          .execute();
      const list = z.array(serviceRequestSchema).parse(json(await get(path('/requests.json'))));
      expect(list).toHaveLength(1000);
      // The three filed by the client are the newest.
      expect(list.slice(0, 3).every((r) => r.address?.startsWith('Bulk ') === false)).toBe(true);
      expect(list[3]?.address).toMatch(/^Bulk /);
    });

    it('refuses a POST without a valid key, or with bad fields, with the error list (never a 500)', async () => {
      const good = {
        service_code: 'LIGHT_OUT',
        lat: '-30.03',
        long: '-51.22',
        address_string: 'Rua B, 2',
        'attribute[company]': '1',
        phone: CITIZEN.phone,
      };
      for (const format of ['json', 'xml'] as const) {
        await expectErrors(await post(path(`/requests.${format}`), form(good)), 403, format);
        await expectErrors(
          await post(path(`/requests.${format}`), form({ ...good, api_key: 'acende311_forged' })),
          403,
          format,
        );
        const bad = await expectErrors(
          await post(
            path(`/requests.${format}?locale=en`),
            form({
              api_key: apiKey,
              service_code: 'GRAFFITI',
              lat: '200',
              long: 'x',
              'attribute[company]': 'abc',
              phone: '1',
            }),
          ),
          400,
          format,
        );
        // With lat and long given, address_string is not asked for (the spec asks for one of them).
        expect(bad.some((d) => d.startsWith('address_string: '))).toBe(false);
        for (const field of ['service_code', 'lat', 'long', 'attribute[company]', 'phone']) {
          expect(
            bad.some((d) => d.startsWith(`${field}: `)),
            `${field} in ${bad.join(' | ')}`,
          ).toBe(true);
        }
        expect(bad).toContain('phone: Enter a valid phone number');
        // An inactive or unknown company is the attribute's error.
        const unknown = await expectErrors(
          await post(path(`/requests.${format}`), form({ ...good, api_key: apiKey, 'attribute[company]': '999' })),
          400,
          format,
        );
        expect(unknown[0]).toMatch(/^attribute\[company\]: /);
        await expectErrors(
          await post(path(`/requests.${format}`), '{"api_key":', { 'content-type': 'application/json' }),
          400,
          format,
        );
        await expectErrors(await post(path(`/requests.${format}`), 'x', { 'content-type': 'text/plain' }), 415, format);
      }
      // A revoked key no longer files.
      const issued = await issueOpen311Key(ctx().app.deps, { name: 'Old' }, ISSUER);
      await revokeOpen311Key(ctx().app.deps, issued.id, ISSUER);
      const [description] = await expectErrors(
        await post(path('/requests.json?locale=en'), form({ ...good, api_key: issued.key })),
        403,
        'json',
      );
      expect(description).toBe('Invalid or revoked API key');
    });

    it('refuses bad reads with the error list in the asked format', async () => {
      for (const format of ['json', 'xml'] as const) {
        for (const query of [
          'start_date=yesterday',
          'end_date=2026-01-01',
          'status=pending',
          'service_code=GRAFFITI',
          'service_request_id=1,x',
        ]) {
          const res = await get(path(`/requests.${format}?${query}`));
          await expectErrors(res, res.statusCode === 404 ? 404 : 400, format);
        }
        await expectErrors(
          await get(path(`/requests.${format}?start_date=2026-02-01T00:00:00Z&end_date=2026-01-01T00:00:00Z`)),
          400,
          format,
        );
        await expectErrors(await get(path(`/nothing-here.${format}`)), 404, format);
      }
      await expectErrors(await get(path('/services.html')), 404, 'xml');
    });

    it('keeps the XML well-formed when free text holds characters XML 1.0 cannot carry', async () => {
      // The wizard and the POST take them; one such request must not spoil every list for 90 days.
      const filed = await post(
        path('/requests.json'),
        form({
          api_key: apiKey,
          service_code: 'LIGHT_OUT',
          lat: '-30.05',
          long: '-51.2',
          address_string: 'Rua\u000bE, 5',
          description: 'Poste\u0001em frente\uFFFE\u001b',
          'attribute[company]': '1',
          phone: CITIZEN.phone,
        }),
      );
      expect(filed.statusCode, filed.body).toBe(201);
      const id = postAnswerSchema.parse(json(filed))[0]?.service_request_id as string;
      const xml11Only = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
      for (const url of [path('/requests.xml'), path(`/requests/${id}.xml`)]) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toMatch(xml11Only);
      }
      const one = parsedXml(await get(path(`/requests/${id}.xml`))) as {
        service_requests: { request: { description: string; address: string }[] };
      };
      expect(one.service_requests.request[0]).toMatchObject({
        description: 'Poste\uFFFDem frente\uFFFD\uFFFD',
        address: 'Rua\uFFFDE, 5',
      });
    });

    it('refuses a date the calendar does not have rather than rolling it over', async () => {
      for (const format of ['json', 'xml'] as const) {
        for (const query of [
          'start_date=2026-02-30T00:00:00Z',
          'end_date=2026-04-31T10:00-03:00',
          'end_date=2026-01-01T24:00Z',
          'start_date=2026-01-01T10:60:00Z',
        ]) {
          const [description] = await expectErrors(
            await get(path(`/requests.${format}?${query}&locale=en`)),
            400,
            format,
          );
          expect(description).toBe('Invalid date: use ISO 8601 with a time zone');
        }
      }
      // A real day with a negative zone and no seconds is still one.
      const ok = await get(path('/requests.json?start_date=2024-02-29T23:59-03:00'));
      expect(ok.statusCode, ok.body).toBe(200);
      // "No upper bound" as a client writes it spans far more than the spec's 90 days: refused.
      for (const format of ['json', 'xml'] as const) {
        const [description] = await expectErrors(
          await get(
            path(`/requests.${format}?start_date=2000-01-01T00:00:00Z&end_date=9999-12-31T23:59:59-03:00&locale=en`),
          ),
          400,
          format,
        );
        expect(description).toBe('start_date and end_date may be at most 90 days apart');
      }
      // The last day of 9999, west of Greenwich, is in the year 10000 in UTC, and its 90 days
      // after it further still: held within the stored text's years, nothing is after it.
      const late = await get(path('/requests.json?start_date=9999-12-31T23:00:00-03:00'));
      expect(z.array(serviceRequestSchema).parse(json(late))).toEqual([]);
    });

    it('answers a wrong body type with the media types Open311 takes, not JSON alone', async () => {
      for (const format of ['json', 'xml'] as const) {
        const [description] = await expectErrors(
          await post(path(`/requests.${format}?locale=en`), '<?xml version="1.0"?><request/>', {
            'content-type': 'text/xml',
          }),
          415,
          format,
        );
        expect(description).toContain('application/x-www-form-urlencoded');
      }
    });

    it('files once per Idempotency-Key, as the wizard does: a retry answers the same request', async () => {
      const fields = form({
        api_key: apiKey,
        service_code: 'NO_LAMP',
        lat: '-30.04',
        long: '-51.23',
        address_string: 'Rua D, 4',
        'attribute[company]': '1',
        phone: CITIZEN.phone,
      });
      const count = async () =>
        Number(
          (
            await ctx()
              .db.selectFrom('repairRequests')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const headers = { ...FORM, 'idempotency-key': 'open311-retry-0001' };
      const first = await post(path('/requests.json'), fields, headers);
      expect(first.statusCode, first.body).toBe(201);
      const retry = await post(path('/requests.json'), fields, headers);
      expect(retry.statusCode, retry.body).toBe(201);
      const [a, b] = [postAnswerSchema.parse(json(first))[0], postAnswerSchema.parse(json(retry))[0]];
      expect(b?.service_request_id).toBe(a?.service_request_id);
      expect(b?.token).toBe(a?.token);
      expect(await count()).toBe(before + 1);
      // A key the wizard would refuse is refused here too, in the spec's error list.
      const [description] = await expectErrors(
        await post(path('/requests.xml?locale=en'), fields, { ...FORM, 'idempotency-key': 'short' }),
        400,
        'xml',
      );
      expect(description).toContain('Idempotency-Key');
      expect(await count()).toBe(before + 1);
    });
  },
  { env: { CAPTCHA: 'on', GEOCODER_URL: 'http://127.0.0.1:9' } },
);

describeEachEngine(
  'Open311 limits per API key and per address',
  (ctx) => {
    const issue = async (admin: TestAccount, name: string) =>
      (
        await ctx().app.inject({
          method: 'POST',
          url: '/api/admin/open311-keys',
          headers: admin.headers,
          payload: { name },
        })
      ).json().key as string;
    const file = (key: string, remoteAddress: string) =>
      ctx().app.inject({
        method: 'POST',
        url: '/open311/v2/requests.json',
        headers: FORM,
        remoteAddress,
        payload: form({
          api_key: key,
          service_code: 'LIGHT_OUT',
          lat: '-30.03',
          long: '-51.22',
          address_string: 'Rua C, 3',
          'attribute[company]': '1',
          phone: CITIZEN.phone,
        }),
      });

    it('counts a key wherever it files from, and each address apart', async () => {
      const admin = await signedIn(ctx(), { role: 'admin' });
      const first = await issue(admin, 'A');
      const second = await issue(admin, 'B');
      expect((await file(first, '10.1.0.1')).statusCode).toBe(201);
      expect((await file(first, '10.1.0.2')).statusCode).toBe(201);
      // The key's third filing, from a third address: over the key's limit.
      const over = await file(first, '10.1.0.3');
      expect(over.statusCode).toBe(429);
      expect(errorsSchema.parse(over.json())[0]?.code).toBe(429);
      // The key's limit says when to retry, as the address's does.
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another key from that address still files; that address is then at its own limit.
      expect((await file(second, '10.1.0.3')).statusCode).toBe(201);
      expect((await file(second, '10.1.0.3')).statusCode).toBe(429);
    });
  },
  { env: { RATE_LIMIT_OPEN311_MAX: '2', GEOCODER_URL: 'http://127.0.0.1:9' } },
);
