// The open-data feed (issue 25, decision 0039), as a stranger downloading it would see it:
// every column, nothing personal, rounded places, anonymised and duplicate requests, formula
// guards, valid GeoJSON, HTTP caching, and a large set streamed a page at a time.
import { OPEN_DATA_COLUMNS } from '@acende/shared/open-data';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, RootOperationNode } from 'kysely';
import Papa from 'papaparse';
import { expect, vi } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { fileValidRequest, validRequest } from '../../../test/requests.ts';
import { seedRequests } from '../../db/seed-requests.ts';
import {
  createOpenDataFirstChunks,
  createOpenDataVersions,
  type OpenDataFormat,
  readOpenDataFirstChunk,
  streamOpenData,
} from './open-data.service.ts';

const CSV = '/api/open-data/requests.csv';
const GEOJSON = '/api/open-data/requests.geojson';

function parseCsv(text: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

interface Feature {
  type: string;
  id: number;
  geometry: { type: string; coordinates: number[] };
  properties: Record<string, unknown>;
}

/** RFC 7946's structure, checked member by member; answers the features. */
function checkGeoJson(text: string): Feature[] {
  const doc = JSON.parse(text) as { type: string; features: Feature[] };
  expect(Object.keys(doc).sort()).toEqual(['features', 'type']);
  expect(doc.type).toBe('FeatureCollection');
  expect(Array.isArray(doc.features)).toBe(true);
  for (const f of doc.features) {
    expect(Object.keys(f).sort()).toEqual(['geometry', 'id', 'properties', 'type']);
    expect(f.type).toBe('Feature');
    expect(typeof f.id).toBe('number');
    expect(f.geometry.type).toBe('Point');
    expect(f.geometry.coordinates).toHaveLength(2);
    const [lon, lat] = f.geometry.coordinates as [number, number];
    expect(typeof lon).toBe('number');
    expect(lon).toBeGreaterThanOrEqual(-180);
    expect(lon).toBeLessThanOrEqual(180);
    expect(lat).toBeGreaterThanOrEqual(-90);
    expect(lat).toBeLessThanOrEqual(90);
    expect(Object.keys(f.properties)).toEqual(OPEN_DATA_COLUMNS.filter((c) => c !== 'latitude' && c !== 'longitude'));
  }
  return doc.features;
}

async function textOf(stream: AsyncIterable<unknown>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer | string));
  return Buffer.concat(parts).toString('utf8');
}

/** The file as read afresh, no cache on the way: what every cached answer must equal. */
async function uncachedFile(c: TestContext, format: OpenDataFormat, pageRows?: number): Promise<string> {
  const file = await createOpenDataVersions(c.db, c.clock, 0)(format);
  const first = await readOpenDataFirstChunk(c.db, format, file, pageRows);
  return textOf(streamOpenData(c.db, format, file, first, pageRows));
}

/** Counts the statements that read pages of requests (the keyset read's `order by`). */
class PageReads implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === 'SelectQueryNode' && args.node.orderBy) this.count++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

const PERSONAL = [
  validRequest.name,
  'Maria',
  validRequest.email,
  'example.com',
  validRequest.phone,
  '99876',
  'Rua dos Andradas',
  validRequest.reference,
  'farmácia',
  'nota interna do operador',
  'photo',
  'Operadora',
];

describeEachEngine(
  'open-data feed',
  (ctx) => {
    const file = (overrides: Record<string, unknown> = {}) => fileValidRequest(ctx().app, overrides);
    let ids: { plain: number; anonymised: number; original: number; duplicate: number; odd: number };

    it('is filled', async () => {
      const plain = await file({ latitude: '-30.02774', longitude: '-51.22866' });
      const anonymised = await file({ latitude: '-30.0401', longitude: '-51.1999' });
      const original = await file({ latitude: '-30.1', longitude: '-51.1', problemType: 'FALLEN_POLE' });
      const duplicate = await file({ latitude: '-30.10001', longitude: '-51.10001', problemType: 'FALLEN_POLE' });
      const odd = await file({ latitude: '-29.99949', longitude: '-50.00051', company: '2' });
      ids = { plain, anonymised, original, duplicate, odd };
      const db = ctx().db;
      await db
        .updateTable('repairRequests')
        .set({ district: 'Centro Histórico', city: 'Porto Alegre', notes: 'nota interna do operador' })
        .where('id', '=', plain)
        .execute();
      // The geocoder of the tests does not answer: the retry worker would give up on them all.
      await db.updateTable('repairRequests').set({ areaRetryAt: null }).execute();
      // Names a spreadsheet would run as formulas: from the geocoder (area) and the registry.
      await db
        .updateTable('repairRequests')
        .set({ district: '=HYPERLINK("http://evil.test","x")', city: '@SUM(1+1)' })
        .where('id', '=', odd)
        .execute();
      await db.updateTable('energyCompanies').set({ name: '+CMD|calc' }).where('id', '=', 2).execute();
      const admin = await signedIn(ctx(), { role: 'admin' });
      const anon = await ctx().app.inject({
        method: 'POST',
        url: `/api/admin/repair-requests/${anonymised}/anonymize`,
        headers: admin.headers,
        payload: {},
      });
      expect(anon.statusCode, anon.body).toBe(200);
      await db.updateTable('repairRequests').set({ assignedTo: 'Operadora Um' }).where('id', '=', original).execute();
      const { updatedAt } = (
        await ctx().app.inject({ url: `/api/admin/repair-requests/${duplicate}`, headers: admin.headers })
      ).json();
      const dup = await ctx().app.inject({
        method: 'POST',
        url: `/api/admin/repair-requests/${duplicate}/duplicate`,
        headers: admin.headers,
        payload: { originalId: original, updatedAt },
      });
      expect(dup.statusCode, dup.body).toBe(200);
    });

    it('writes every column of every request as RFC 4180 CSV, with nothing personal', async () => {
      const res = await ctx().app.inject({ url: CSV });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="acende-requests.csv"');
      expect(res.body.startsWith('id,problem_type,')).toBe(true);
      expect(res.body.endsWith('\r\n')).toBe(true);
      expect(res.body.split('\r\n')[0]).toBe(OPEN_DATA_COLUMNS.join(','));
      for (const text of PERSONAL) expect(res.body).not.toContain(text);
      const rows = parseCsv(res.body);
      expect(rows.map((r) => Number(r.id))).toEqual(Object.values(ids).sort((a, b) => a - b));
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const created = byId.get(ids.plain)?.created_at as string;
      expect(new Date(created).toISOString()).toBe(created);
      expect(byId.get(ids.plain)).toEqual({
        id: String(ids.plain),
        problem_type: 'LIGHT_OUT',
        status: 'open',
        company: 'CEEE',
        district: 'Centro Histórico',
        city: 'Porto Alegre',
        latitude: '-30.028',
        longitude: '-51.229',
        created_at: created,
        closed_at: '',
        duplicate_of: '',
        rating: '',
      });
    });

    it('rounds every place to three decimals (about 110 m)', async () => {
      const rows = parseCsv((await ctx().app.inject({ url: CSV })).body);
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      expect([byId.get(ids.odd)?.latitude, byId.get(ids.odd)?.longitude]).toEqual(['-29.999', '-50.001']);
      expect([byId.get(ids.duplicate)?.latitude, byId.get(ids.duplicate)?.longitude]).toEqual(['-30.100', '-51.100']);
      for (const r of rows) {
        expect(r.latitude).toMatch(/^-?\d+\.\d{3}$/);
        expect(r.longitude).toMatch(/^-?\d+\.\d{3}$/);
      }
    });

    it('keeps anonymised requests, and duplicates as cancelled with the request they duplicate', async () => {
      const rows = parseCsv((await ctx().app.inject({ url: CSV })).body);
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      expect(byId.get(ids.anonymised)).toMatchObject({ problem_type: 'LIGHT_OUT', latitude: '-30.040' });
      const dup = byId.get(ids.duplicate);
      expect(dup).toMatchObject({ status: 'cancelled', duplicate_of: String(ids.original) });
      expect(new Date(dup?.closed_at as string).toISOString()).toBe(dup?.closed_at);
      expect(byId.get(ids.original)).toMatchObject({ status: 'open', duplicate_of: '' });
    });

    it('guards names a spreadsheet would run as formulas', async () => {
      const rows = parseCsv((await ctx().app.inject({ url: CSV })).body);
      const odd = rows.find((r) => Number(r.id) === ids.odd);
      expect(odd).toMatchObject({
        company: "'+CMD|calc",
        district: `'=HYPERLINK("http://evil.test","x")`,
        city: "'@SUM(1+1)",
        // Numbers are numbers: a negative coordinate is not taken for a formula.
        latitude: '-29.999',
      });
    });

    it('writes a valid GeoJSON FeatureCollection with [longitude, latitude] points', async () => {
      const res = await ctx().app.inject({ url: GEOJSON });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/geo+json');
      expect(res.headers['content-disposition']).toBe('attachment; filename="acende-requests.geojson"');
      for (const text of PERSONAL) expect(res.body).not.toContain(text);
      const features = checkGeoJson(res.body);
      expect(features.map((f) => f.id)).toEqual(Object.values(ids).sort((a, b) => a - b));
      const plain = features.find((f) => f.id === ids.plain) as Feature;
      expect(plain.geometry.coordinates).toEqual([-51.229, -30.028]);
      expect(plain.properties).toMatchObject({
        problem_type: 'LIGHT_OUT',
        status: 'open',
        company: 'CEEE',
        district: 'Centro Histórico',
        closed_at: null,
        duplicate_of: null,
      });
      const dup = features.find((f) => f.id === ids.duplicate) as Feature;
      expect(dup.properties).toMatchObject({ status: 'cancelled', duplicate_of: ids.original });
      // JSON is not a spreadsheet: the text stays as it was written.
      const odd = features.find((f) => f.id === ids.odd) as Feature;
      expect(odd.properties.city).toBe('@SUM(1+1)');
    });

    it('answers 304 to a client or CDN holding the current file, and 200 once a request changes', async () => {
      // Past the second of the last change: only then is there a date to hand out.
      ctx().clock.advance(1_000);
      for (const url of [CSV, GEOJSON]) {
        const first = await ctx().app.inject({ url });
        const etag = first.headers.etag as string;
        expect(etag).toMatch(/^W\/"[\w-]+"$/);
        expect(first.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=3600');
        const lastModified = first.headers['last-modified'] as string;
        expect(new Date(lastModified).getTime()).toBeGreaterThan(0);

        const again = await ctx().app.inject({ url, headers: { 'if-none-match': `W/"other", ${etag}` } });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        const stale = await ctx().app.inject({ url, headers: { 'if-none-match': 'W/"other"' } });
        expect(stale.statusCode).toBe(200);
        const byDate = await ctx().app.inject({ url, headers: { 'if-modified-since': lastModified } });
        expect(byDate.statusCode).toBe(304);
      }
      const csvTag = (await ctx().app.inject({ url: CSV })).headers.etag;
      const geoTag = (await ctx().app.inject({ url: GEOJSON })).headers.etag;
      expect(csvTag).not.toBe(geoTag);

      // A status change: a new version.
      ctx().clock.advance(5_000);
      const admin = await signedIn(ctx(), { role: 'admin' });
      const { updatedAt } = (
        await ctx().app.inject({ url: `/api/admin/repair-requests/${ids.plain}`, headers: admin.headers })
      ).json();
      const change = await ctx().app.inject({
        method: 'PATCH',
        url: `/api/admin/repair-requests/${ids.plain}`,
        headers: admin.headers,
        payload: { status: 'in_progress', updatedAt },
      });
      expect(change.statusCode, change.body).toBe(200);
      const changed = await ctx().app.inject({ url: CSV, headers: { 'if-none-match': csvTag as string } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(csvTag);
      expect(parseCsv(changed.body).find((r) => Number(r.id) === ids.plain)?.status).toBe('in_progress');
    });

    it('does not answer 304 by date while an area is still to be filled in, which moves no date', async () => {
      ctx().clock.advance(1_000);
      const before = await ctx().app.inject({ url: CSV });
      expect(before.headers['last-modified']).toBeDefined();
      // Filed while the geocoder does not answer: its area waits for the retry worker (0021). An
      // area is pending only from filing on, so within one max(id) the pending count only falls.
      const waiting = await file({ latitude: '-30.06', longitude: '-51.21' });
      // Within a second the instance answers from the version it read (decision 0039).
      const soon = await ctx().app.inject({ url: CSV });
      expect(soon.headers.etag).toBe(before.headers.etag);
      ctx().clock.advance(1_000);
      const pending = await ctx().app.inject({ url: CSV });
      expect(pending.headers.etag).not.toBe(before.headers.etag);
      // No date is handed out while the area is pending: one would still match once it arrives.
      expect(pending.headers['last-modified']).toBeUndefined();
      const byDate = await ctx().app.inject({
        url: CSV,
        headers: { 'if-modified-since': before.headers['last-modified'] as string },
      });
      expect(byDate.statusCode).toBe(200);
      // The area arrives: the version changes again, though no updated_at moved.
      await ctx()
        .db.updateTable('repairRequests')
        .set({ areaRetryAt: null, district: 'Menino Deus' })
        .where('id', '=', waiting)
        .execute();
      ctx().clock.advance(1_000);
      const filled = await ctx().app.inject({ url: CSV, headers: { 'if-none-match': pending.headers.etag as string } });
      expect(filled.statusCode).toBe(200);
      expect(filled.body).toContain('Menino Deus');
      // A client revalidating by the date it holds gets the filled-in file, not a 304.
      const held = pending.headers['last-modified'] ?? (before.headers['last-modified'] as string);
      const revalidated = await ctx().app.inject({ url: CSV, headers: { 'if-modified-since': held } });
      expect(revalidated.statusCode).toBe(200);
      expect(revalidated.body).toContain('Menino Deus');
    });

    it('hands out no date while the second of the last change is still running (dates are whole seconds)', async () => {
      // At .100 of a second, at least a second after the instance last read the version.
      const clock = ctx().clock;
      // Areas given at once (the geocoder does not answer here): only the dates are at stake.
      const fileWithArea = async (overrides: Record<string, unknown>) => {
        const id = await file(overrides);
        await ctx().db.updateTable('repairRequests').set({ areaRetryAt: null }).where('id', '=', id).execute();
        return id;
      };
      clock.advance(2_000 - (clock.now().getTime() % 1_000) + 100);
      await fileWithArea({ latitude: '-30.07', longitude: '-51.23' });
      clock.advance(300);
      const early = await ctx().app.inject({ url: CSV });
      expect(early.statusCode).toBe(200);
      // Its date would be this very second, which the next filing shares.
      expect(early.headers['last-modified']).toBeUndefined();
      clock.advance(400);
      const later = await fileWithArea({ latitude: '-30.08', longitude: '-51.24' });
      clock.advance(1_000);
      const revalidated = await ctx().app.inject({
        url: CSV,
        headers: early.headers['last-modified'] ? { 'if-modified-since': early.headers['last-modified'] } : {},
      });
      expect(revalidated.statusCode).toBe(200);
      expect(parseCsv(revalidated.body).some((r) => Number(r.id) === later)).toBe(true);
      // Once the second is over the date is exact, and answers 304 by itself.
      const dated = revalidated.headers['last-modified'] as string;
      expect(dated).toBeDefined();
      const byDate = await ctx().app.inject({ url: CSV, headers: { 'if-modified-since': dated } });
      expect(byDate.statusCode).toBe(304);
    });

    it('keeps a first chunk per version that is the same bytes as one read afresh', async () => {
      const reads = new PageReads();
      const db = ctx().db.withPlugin(reads);
      const firstChunkOf = createOpenDataFirstChunks(db, 1_000_000);
      for (const format of ['csv', 'geojson'] as const) {
        const file = await createOpenDataVersions(ctx().db, ctx().clock, 0)(format);
        const before = reads.count;
        const [a, b] = await Promise.all([firstChunkOf(format, file), firstChunkOf(format, file)]);
        const again = await firstChunkOf(format, file);
        // One read for concurrent callers and none for the next: it is the cache that answered.
        expect(reads.count - before).toBe(1);
        expect(b).toBe(a);
        expect(again).toBe(a);
        const fresh = await readOpenDataFirstChunk(ctx().db, format, file);
        expect(again.bytes.equals(fresh.bytes)).toBe(true);
        expect([again.after, again.complete]).toEqual([fresh.after, fresh.complete]);
      }
      // Switched off, every call reads.
      const uncached = createOpenDataFirstChunks(db, 0);
      const file = await createOpenDataVersions(ctx().db, ctx().clock, 0)('csv');
      const before = reads.count;
      await uncached('csv', file);
      await uncached('csv', file);
      expect(reads.count - before).toBe(2);
    });

    it('answers a repeat download from the cached first chunk, and a new version after every change', async () => {
      let client = 0;
      const download = async (url: string) => {
        // Many downloads: each from its own address, clear of the rate limit's test below.
        const res = await ctx().app.inject({ url, remoteAddress: `198.51.100.${++client}` });
        expect(res.statusCode).toBe(200);
        return res;
      };
      const same = async () => {
        for (const [url, format] of [
          [CSV, 'csv'],
          [GEOJSON, 'geojson'],
        ] as const) {
          const first = await download(url);
          const repeat = await download(url);
          expect(repeat.headers.etag).toBe(first.headers.etag);
          expect(repeat.body).toBe(first.body);
          expect(repeat.body).toBe(await uncachedFile(ctx(), format));
        }
        return download(CSV);
      };
      const tagsSeen = new Set<string>();
      const fresh = async () => {
        ctx().clock.advance(1_000);
        const res = await same();
        const etag = res.headers.etag as string;
        expect(tagsSeen.has(etag)).toBe(false);
        tagsSeen.add(etag);
        return parseCsv(res.body);
      };
      await fresh();

      // A new request, its area still to be filled in.
      const added = await file({ latitude: '-30.05', longitude: '-51.2' });
      expect((await fresh()).find((r) => Number(r.id) === added)?.district).toBe('');

      // A status change.
      ctx().clock.advance(5_000);
      const admin = await signedIn(ctx(), { role: 'admin' });
      const { updatedAt } = (
        await ctx().app.inject({ url: `/api/admin/repair-requests/${added}`, headers: admin.headers })
      ).json();
      const change = await ctx().app.inject({
        method: 'PATCH',
        url: `/api/admin/repair-requests/${added}`,
        headers: admin.headers,
        payload: { status: 'in_progress', updatedAt },
      });
      expect(change.statusCode, change.body).toBe(200);
      expect((await fresh()).find((r) => Number(r.id) === added)?.status).toBe('in_progress');

      // Its area filled in by the retry worker, which moves no updated_at.
      await ctx()
        .db.updateTable('repairRequests')
        .set({ areaRetryAt: null, district: 'Azenha' })
        .where('id', '=', added)
        .execute();
      expect((await fresh()).find((r) => Number(r.id) === added)?.district).toBe('Azenha');
    });

    it('limits whole files per client with a 429 in the reader language', async () => {
      const max = ctx().config.RATE_LIMIT_OPEN_DATA_MAX;
      expect(max).toBe(60);
      let last = 0;
      let body = '';
      for (let i = 0; i < max; i++) {
        const res = await ctx().app.inject({
          url: CSV,
          remoteAddress: '203.0.113.9',
          headers: { 'accept-language': 'en' },
        });
        last = res.statusCode;
        body = res.body;
      }
      expect(last).toBe(200);
      const over = await ctx().app.inject({
        url: GEOJSON,
        remoteAddress: '203.0.113.9',
        headers: { 'accept-language': 'en' },
      });
      expect(over.statusCode, body).toBe(429);
      expect(over.json().message).toMatch(/too many/i);
    });
  },
  { env: { RATE_LIMIT_OPEN_DATA_MAX: '60' } },
);

describeEachEngine('open-data feed on a large set', (ctx) => {
  const ROWS = 3000;
  const seed = async (c: TestContext) => {
    const n = await c.db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    if (Number(n?.n) === 0) await seedRequests(c.db, { count: ROWS, now: new Date(), seed: 7 });
  };

  it('reads a page only when the reader has taken the last one, so memory stays at a page or two', async () => {
    await seed(ctx());
    const reads = new PageReads();
    const db = ctx().db.withPlugin(reads);
    const file = await createOpenDataVersions(ctx().db, ctx().clock)('csv');
    const first = await readOpenDataFirstChunk(db, 'csv', file, 100);
    const stream = streamOpenData(db, 'csv', file, first, 100);
    const chunks = stream[Symbol.asyncIterator]();
    const opening = (await chunks.next()).value as Buffer;
    const lines = opening.toString('utf8').split('\r\n');
    expect(lines[0]).toBe(OPEN_DATA_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 100 + 1);
    // A reader that stops: the stream reads ahead at most one page more, however long it waits.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads.count).toBeLessThanOrEqual(2);
    let rows = 100;
    let pages = 1;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      pages++;
      rows += (next.value as string).split('\r\n').length - 1;
      expect(reads.count).toBeLessThanOrEqual(pages + 1);
    }
    expect(rows).toBe(ROWS);
    expect(pages).toBe(ROWS / 100);
  });

  it('answers HEAD with the headers alone, reading no page (Fastify would drain the whole file)', async () => {
    await seed(ctx());
    for (const url of [CSV, GEOJSON]) {
      // The version and the first chunk are at hand: a HEAD has nothing more to read.
      expect((await ctx().app.inject({ url })).statusCode).toBe(200);
      const selects = vi.spyOn(ctx().db, 'selectFrom');
      try {
        const res = await ctx().app.inject({ method: 'HEAD', url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe('');
        expect(res.headers.etag).toMatch(/^W\//);
        expect(res.headers['content-type']).toMatch(url === CSV ? /^text\/csv/ : /^application\/geo\+json/);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(selects).not.toHaveBeenCalled();
      } finally {
        selects.mockRestore();
      }
    }
  });

  it('arrives over HTTP in chunks, every request once, as a valid FeatureCollection', async () => {
    await seed(ctx());
    const res = await ctx().app.inject({ url: GEOJSON, payloadAsStream: true });
    expect(res.statusCode).toBe(200);
    const parts: Buffer[] = [];
    for await (const part of res.stream()) parts.push(part as Buffer);
    // Not one body built whole: pieces as the pages are read (the test above counts the reads).
    expect(parts.length).toBeGreaterThan(2);
    const features = checkGeoJson(Buffer.concat(parts).toString('utf8'));
    expect(features).toHaveLength(ROWS);
    expect(new Set(features.map((f) => f.id)).size).toBe(ROWS);
    const csv = await ctx().app.inject({ url: CSV });
    expect(parseCsv(csv.body)).toHaveLength(ROWS);
    // Several pages: the cached first chunk and the pages after its cursor make the same file.
    const again = await ctx().app.inject({ url: GEOJSON });
    expect(again.body).toBe(Buffer.concat(parts).toString('utf8'));
    expect((await ctx().app.inject({ url: CSV })).body).toBe(await uncachedFile(ctx(), 'csv'));
    for (const text of ['@', 'Rua ', '(51)']) expect(csv.body).not.toContain(text);
  });
});
