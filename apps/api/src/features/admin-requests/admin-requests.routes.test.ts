import { PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import { beforeAll, describe, expect } from 'vitest';
import { createAccount, signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { seedRequests } from '../../db/seed-requests.ts';
import type { ListFilters } from './admin-requests.filters.ts';
import { listRequests, NEWEST_FIRST, SEARCH_WINDOW } from './admin-requests.list.repository.ts';
import { roughly } from './admin-requests.totals.ts';

const SEEDED = 10_000;

interface Row {
  id: number;
  name: string | null;
  phone: string;
  address: string;
  status: string;
  problemType: string;
  companyId: number;
  assignedToId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Requests with values no seeded request has, to find by each searchable field. */
const KNOWN = [
  {
    name: 'Zuleica Quintanilha Borba',
    phone: '(51) 97777-1234',
    address: 'Rua Xingu Velho, 77 - Bom Fim, Porto Alegre - RS',
  },
  {
    name: 'Waldemar Kowalczyk',
    phone: '(54) 3210-5566',
    address: 'Travessa Zeppelin, 9 - Floresta, Porto Alegre - RS',
  },
];

async function insertKnown(ctx: TestContext, known: (typeof KNOWN)[number], companyId: number): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db
    .insertInto('repairRequests')
    .values({
      ...known,
      email: null,
      reference: null,
      problemType: 'NO_LAMP',
      latitude: '-30.03',
      longitude: '-51.21',
      companyId,
      status: 'open',
      trackingTokenHash: `known-${known.phone}`,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('requestEvents')
    .values({ requestId: row.id, kind: 'created', toStatus: 'open', createdAt: now })
    .execute();
  return row.id;
}

/** Case and accents dropped, as the search compares text. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The work's order of statuses: what "status, ascending" means to an operator. */
const STATUS_RANK: Record<string, number> = { open: 0, in_progress: 1, completed: 2, cancelled: 3 };
const compare = (a: string | number, b: string | number) => (a === b ? 0 : a < b ? -1 : 1);

/** Ascending by the sort's key; ties by date then number, the same way (descending: the reverse). */
function ascending(sort: string): (a: Row, b: Row) => number {
  switch (sort) {
    case 'number':
      return (a, b) => a.id - b.id;
    case 'status':
      // Within a status, newest first when ascending: one index (status, created_at) read one way.
      return (a, b) =>
        STATUS_RANK[a.status]! - STATUS_RANK[b.status]! || compare(b.createdAt, a.createdAt) || b.id - a.id;
    case 'updated':
      return (a, b) => compare(a.updatedAt, b.updatedAt) || a.id - b.id;
    default:
      return (a, b) => compare(a.createdAt, b.createdAt) || a.id - b.id;
  }
}

/** The list's rules, computed independently over every row: the oracle the API must match. */
function expected(rows: Row[], filters: Record<string, string>): Row[] {
  const up = ascending(filters.sort ?? 'created');
  const order = (filters.dir ?? 'desc') === 'asc' ? up : (a: Row, b: Row) => up(b, a);
  const q = filters.q === undefined ? undefined : fold(filters.q.trim());
  const digits = q?.replace(/\D/g, '') ?? '';
  return rows
    .filter((r) => !filters.status || r.status === filters.status)
    .filter((r) => !filters.problemType || r.problemType === filters.problemType)
    .filter((r) => !filters.companyId || r.companyId === Number(filters.companyId))
    .filter((r) => !filters.assignedToId || r.assignedToId === Number(filters.assignedToId))
    .filter((r) => !filters.from || r.createdAt >= filters.from)
    .filter((r) => !filters.to || r.createdAt <= filters.to)
    .filter((r) => {
      if (!q) return true;
      if (/^\d+$/.test(q) && r.id === Number(q)) return true;
      if ([r.name ?? '', r.phone, r.address].some((v) => fold(v).includes(q))) return true;
      return digits.length >= 3 && r.phone.replace(/\D/g, '').includes(digits);
    })
    .sort(order);
}

describeEachEngine('operators: request list, detail and counts on 10,000 seeded requests', (ctx) => {
  let rows: Row[] = [];
  let admin: TestAccount;
  let scoped: TestAccount;
  let viewer: TestAccount;
  const knownIds: number[] = [];

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    scoped = await signedIn(ctx(), { role: 'user', companyIds: [1] });
    viewer = await signedIn(ctx(), { role: 'viewer' });
    // An unlinked operator, so the seed assigns work across every company.
    await createAccount(ctx(), { role: 'user', name: 'Operadora Rita' });
    const started = performance.now();
    await seedRequests(ctx().db, { count: SEEDED, now: ctx().clock.now(), seed: 42 });
    console.info(`[${ctx().engine}] seeded ${SEEDED} requests in ${Math.round(performance.now() - started)} ms`);
    knownIds.push(await insertKnown(ctx(), KNOWN[0]!, 1), await insertKnown(ctx(), KNOWN[1]!, 2));
    rows = await ctx()
      .db.selectFrom('repairRequests')
      .select([
        'id',
        'name',
        'phone',
        'address',
        'status',
        'problemType',
        'companyId',
        'assignedToId',
        'createdAt',
        'updatedAt',
      ])
      .execute();
  });

  const list = async (query: Record<string, string>, account: TestAccount = admin, language = 'pt') => {
    const res = await ctx().app.inject({
      url: '/api/admin/repair-requests',
      query,
      headers: { ...account.headers, 'accept-language': language },
    });
    return res;
  };

  const expectMatches = async (filters: Record<string, string>, account: TestAccount = admin, scope?: number[]) => {
    const res = await list(filters, account);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const all = expected(scope ? rows.filter((r) => scope.includes(r.companyId)) : rows, filters);
    const pageSize = Number(filters.pageSize ?? 20);
    const page = Number(filters.page ?? 1);
    if (body.totalIsEstimate) {
      // Only a search with more matches than the window estimates, and then plausibly.
      expect(filters.q).toBeDefined();
      expect(expected(rows, { q: filters.q as string }).length).toBeGreaterThan(SEARCH_WINDOW);
      expect(Math.abs(body.total - all.length), `estimate ${body.total}, true ${all.length}`).toBeLessThanOrEqual(
        all.length * 0.3,
      );
    } else {
      expect(body.totalIsEstimate).toBe(false);
      expect(body.total).toBe(all.length);
    }
    expect(body.page).toBe(page);
    expect(body.pageSize).toBe(pageSize);
    expect(body.items.map((i: Row) => i.id)).toEqual(
      all.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id),
    );
    return body;
  };

  it('holds the seeded requests with every status, problem type and company', () => {
    expect(rows.length).toBe(SEEDED + KNOWN.length);
    for (const status of REQUEST_STATUSES) expect(rows.some((r) => r.status === status)).toBe(true);
    for (const type of PROBLEM_TYPES) expect(rows.some((r) => r.problemType === type)).toBe(true);
    for (const company of [1, 2, 3]) expect(rows.some((r) => r.companyId === company)).toBe(true);
  });

  it('lists the newest first, 20 per page by default, with the total', async () => {
    const body = await expectMatches({});
    expect(body.items).toHaveLength(20);
    expect(body.items[0]).toMatchObject({
      id: expect.any(Number),
      phone: expect.any(String),
      address: expect.any(String),
      companyName: expect.any(String),
      status: expect.any(String),
      createdAt: expect.any(String),
    });
    const dates = body.items.map((i: Row) => i.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it.each(REQUEST_STATUSES)('filters by status %s', async (status) => {
    const body = await expectMatches({ status });
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((i: Row) => i.status === status)).toBe(true);
  });

  it.each(PROBLEM_TYPES)('filters by problem type %s', async (problemType) => {
    const body = await expectMatches({ problemType });
    expect(body.total).toBeGreaterThan(0);
  });

  it('filters by company, by assignee and by date range, each alone', async () => {
    expect((await expectMatches({ companyId: '2' })).total).toBeGreaterThan(0);
    const assigned = rows.find((r) => r.assignedToId !== null)!;
    expect((await expectMatches({ assignedToId: String(assigned.assignedToId) })).total).toBeGreaterThan(0);
    const now = ctx().clock.now().getTime();
    const from = new Date(now - 90 * 86_400_000).toISOString();
    const to = new Date(now - 30 * 86_400_000).toISOString();
    const body = await expectMatches({ from, to });
    expect(body.total).toBeGreaterThan(0);
    expect(body.total).toBeLessThan(rows.length);
    expect((await expectMatches({ from })).total).toBeGreaterThan(body.total);
  });

  const expectMatchesCount = async (query: Record<string, string>, total: number) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(total);
  };

  it('treats bare dates as whole days in São Paulo, both ends included, as the reports do', async () => {
    const dayOf = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso));
    const day = dayOf(rows[500]!.createdAt);
    const onDay = rows.filter((r) => dayOf(r.createdAt) === day);
    const res = await list({ from: day, to: day, pageSize: '100' });
    expect(res.json().total).toBe(onDay.length);
    expect(res.json().items.every((i: Row) => dayOf(i.createdAt) === day)).toBe(true);
    // A request at 22:30 in São Paulo (01:30 UTC the next day) is on the São Paulo day.
    const late = rows.find((r) => r.createdAt.slice(11, 13) === '01')!;
    const lateDay = dayOf(late.createdAt);
    expect(lateDay).not.toBe(late.createdAt.slice(0, 10));
    const ids = (await list({ from: lateDay, to: lateDay, pageSize: '100' })).json().items.map((i: Row) => i.id);
    expect(ids).toContain(late.id);
    const [start, end] = [dayOf(rows[4000]!.createdAt), dayOf(rows[3000]!.createdAt)].sort() as [string, string];
    const span = rows.filter((r) => dayOf(r.createdAt) >= start && dayOf(r.createdAt) <= end);
    expect(span.length).toBeGreaterThan(0);
    await expectMatchesCount({ from: start, to: end }, span.length);
  });

  it.each(['created', 'number', 'status', 'updated'])('sorts by %s both ways, alone and with filters', async (sort) => {
    for (const dir of ['asc', 'desc']) {
      await expectMatches({ sort, dir });
      await expectMatches({ sort, dir, page: '7', pageSize: '50' });
      await expectMatches({ sort, dir, companyId: '2', status: 'open' });
      await expectMatches({ sort, dir, assignedToId: String(rows.find((r) => r.assignedToId)!.assignedToId) });
      await expectMatches({ sort, dir, q: 'andradas' });
      await expectMatches({ sort, dir, q: 'rua', page: '2', pageSize: '50' });
      await expectMatches({ sort, dir }, scoped, [1]);
    }
    // Without a direction the sort runs descending; without a sort, newest first.
    expect((await list({ sort })).json().items).toEqual((await list({ sort, dir: 'desc' })).json().items);
    expect((await list({ dir: 'asc' })).json().items).toEqual(
      (await list({ sort: 'created', dir: 'asc' })).json().items,
    );
  });

  it('reads status ascending in the order of the work: open, in progress, completed, cancelled', async () => {
    const seen = (await list({ sort: 'status', dir: 'asc', pageSize: '100' })).json().items.map((i: Row) => i.status);
    expect(seen[0]).toBe('open');
    const last = (await list({ sort: 'status', dir: 'desc', pageSize: '10' })).json().items.map((i: Row) => i.status);
    expect(last[0]).toBe('cancelled');
  });

  it('answers an empty list for a company that does not exist or is outside the scope', async () => {
    expect((await list({ companyId: '999' })).json()).toMatchObject({ total: 0, items: [] });
    expect((await list({ companyId: '2', sort: 'number', dir: 'asc' }, scoped)).json()).toMatchObject({
      total: 0,
      items: [],
    });
  });

  it('refuses an unknown sort, a bad direction, an impossible date and a range that ends before it starts', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { sort: 'deadline' },
        'Escolha uma ordem válida: número, data, status, última atualização ou prazo',
        'Choose a valid order: number, date, status, last update or due time',
      ],
      [
        { sort: 'created', dir: 'up' },
        'A direção da ordem deve ser crescente (asc) ou decrescente (desc)',
        'The sort direction must be ascending (asc) or descending (desc)',
      ],
      [{ from: '2026-02-30' }, 'Informe uma data válida', 'Enter a valid date'],
      [{ to: '2026-13-01' }, 'Informe uma data válida', 'Enter a valid date'],
      [{ from: '2026-02-30T10:00:00Z' }, 'Informe uma data válida', 'Enter a valid date'],
      // Past year 9999 a bound is written `+010000-…` and compares wrongly as text.
      [{ to: '9999-12-31' }, 'Informe uma data válida', 'Enter a valid date'],
      [{ from: '9999-12-31T23:00:00-05:00' }, 'Informe uma data válida', 'Enter a valid date'],
      [
        { from: '2026-03-02', to: '2026-03-01' },
        'A data final deve ser igual ou posterior à data inicial',
        'The end date must be on or after the start date',
      ],
      [
        { from: '2026-03-02T12:00:00.000Z', to: '2026-03-02T11:00:00.000Z' },
        'A data final deve ser igual ou posterior à data inicial',
        'The end date must be on or after the start date',
      ],
    ];
    for (const [query, pt, en] of cases) {
      const inPt = await list(query);
      expect(inPt.statusCode, JSON.stringify(query)).toBe(400);
      expect(inPt.json().message, JSON.stringify(query)).toBe(pt);
      expect((await list(query, admin, 'en')).json().message, JSON.stringify(query)).toBe(en);
    }
    // One day is a range: from and to the same day are fine.
    expect((await list({ from: '2026-03-02', to: '2026-03-02' })).statusCode).toBe(200);
    expect((await list({ from: '9999-12-30', to: '9999-12-30T23:59:59.999Z' })).statusCode).toBe(200);
  });

  it('combines every filter', async () => {
    const now = ctx().clock.now().getTime();
    const filters = {
      status: 'completed',
      problemType: 'LIGHT_OUT',
      companyId: '3',
      from: new Date(now - 300 * 86_400_000).toISOString(),
      to: new Date(now - 10 * 86_400_000).toISOString(),
      q: 'silva',
    };
    const body = await expectMatches(filters);
    expect(body.total).toBeGreaterThan(0);
    for (const item of body.items) {
      expect(item).toMatchObject({ status: 'completed', problemType: 'LIGHT_OUT', companyId: 3 });
    }
    const withAssignee = rows.find((r) => r.assignedToId !== null && r.status === 'in_progress')!;
    await expectMatches({
      status: 'in_progress',
      assignedToId: String(withAssignee.assignedToId),
      companyId: String(withAssignee.companyId),
    });
  });

  it('pages through the results with totals that hold on every page', async () => {
    const first = await expectMatches({ status: 'open', pageSize: '50', page: '1' });
    await expectMatches({ status: 'open', pageSize: '50', page: '3' });
    const lastPage = Math.ceil(first.total / 100);
    const last = await expectMatches({ status: 'open', pageSize: '100', page: String(lastPage) });
    expect(last.items.length).toBe(first.total - (lastPage - 1) * 100);
    const beyond = await list({ status: 'open', pageSize: '100', page: String(lastPage + 1) });
    expect(beyond.json()).toMatchObject({ items: [], total: first.total });
    for (const size of ['10', '20', '50', '100']) await expectMatches({ pageSize: size, page: '2' });
  });

  it('refuses a page size outside 10, 20, 50 and 100 and bad filters with a clear 400', async () => {
    const pt = await list({ pageSize: '25' });
    expect(pt.statusCode).toBe(400);
    expect(pt.json().message).toBe('Linhas por página devem ser 10, 20, 50 ou 100');
    const en = await list({ pageSize: '1000' }, admin, 'en');
    expect(en.json().message).toBe('Rows per page must be 10, 20, 50 or 100');
    const bad: Record<string, string>[] = [
      { status: 'closed' },
      { problemType: 'X' },
      { page: '0' },
      { from: 'yesterday' },
      { companyId: 'a' },
    ];
    for (const query of bad) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('finds a request by its number', async () => {
    const body = await expectMatches({ q: String(knownIds[1]) });
    expect(body.items.map((i: Row) => i.id)).toContain(knownIds[1]);
  });

  it('finds a request by name, whole or in part, in any case', async () => {
    for (const q of ['Zuleica Quintanilha', 'quintanilha', 'KOWALCZYK']) {
      const body = await expectMatches({ q });
      expect(
        body.items.map((i: Row) => i.id),
        q,
      ).toEqual(q === 'KOWALCZYK' ? [knownIds[1]] : [knownIds[0]]);
    }
  });

  it('finds a request by phone as typed or as digits only', async () => {
    for (const q of ['(51) 97777-1234', '97777-1234', '977771234', '3210-5566']) {
      const body = await expectMatches({ q });
      expect(
        body.items.map((i: Row) => i.id),
        q,
      ).toContain(q.includes('3210') ? knownIds[1] : knownIds[0]);
    }
  });

  it('finds a request by address and treats LIKE wildcards as text', async () => {
    const body = await expectMatches({ q: 'xingu velho' });
    expect(body.items.map((i: Row) => i.id)).toEqual([knownIds[0]]);
    expect((await expectMatches({ q: 'Zeppelin' })).items.map((i: Row) => i.id)).toEqual([knownIds[1]]);
    expect((await list({ q: '%' })).json().total).toBe(0);
    expect((await list({ q: '_' })).json().total).toBe(0);
    expect((await expectMatches({ q: 'andradas' })).total).toBeGreaterThan(0);
  });

  it('ignores accents and case both ways, and finds parts of words', async () => {
    const joao = await expectMatches({ q: 'joao' });
    expect(joao.total).toBeGreaterThan(0);
    expect(joao.items.some((i: Row) => `${i.name} ${i.address}`.includes('João'))).toBe(true);
    expect((await expectMatches({ q: 'JOÃO' })).total).toBe(joao.total);
    expect((await expectMatches({ q: 'Joao' })).total).toBe(joao.total);
    const partial = await expectMatches({ q: 'uintanil' });
    expect(partial.items.map((i: Row) => i.id)).toEqual([knownIds[0]]);
    // Accented query, unaccented text and the other way round.
    expect((await expectMatches({ q: 'zuléica' })).items.map((i: Row) => i.id)).toEqual([knownIds[0]]);
    expect((await expectMatches({ q: 'petropolis' })).total).toBeGreaterThan(0);
    expect((await expectMatches({ q: 'goncalves' })).total).toBeGreaterThan(0);
    await expectMatches({ q: 'MÜLLER', pageSize: '100' });
    await expectMatches({ q: 'ção', status: 'open' });
    // A search does not join the fields: the end of a name and the start of a phone are not one text.
    expect((await list({ q: 'Borba (51)' })).json().total).toBe(0);
    // Short queries and quotes are text too.
    await expectMatches({ q: 'jo' });
    await expectMatches({ q: '"silva"' });
    expect((await list({ q: 'a"b' })).statusCode).toBe(200);
  });

  it('estimates the total of a search with more matches than the window, and shows its true newest rows', async () => {
    const all = expected(rows, { q: 'rua' });
    expect(all.length).toBeGreaterThan(2 * SEARCH_WINDOW);
    const first = await expectMatches({ q: 'rua' });
    expect(first.totalIsEstimate).toBe(true);
    // Two significant digits, as the screen says it ("about 4,500").
    expect(String(first.total)).toMatch(/^[1-9]\d0*$/);
    // Pages inside the window, by number and by cursor, and one past it.
    await expectMatches({ q: 'rua', page: '3', pageSize: '100' });
    const byCursor = await list({ q: 'rua', page: '2', cursor: first.nextCursor });
    expect(byCursor.json().items.map((i: Row) => i.id)).toEqual(all.slice(20, 40).map((r) => r.id));
    const deep = await expectMatches({ q: 'rua', page: String(Math.ceil(all.length / 100)), pageSize: '100' });
    expect(deep.items.length).toBeGreaterThan(0);
    // With other filters and in a company scope the window is filtered before it is counted.
    await expectMatches({ q: 'rua', companyId: '2' });
    await expectMatches({ q: 'rua', problemType: 'LIGHT_OUT', pageSize: '50' });
    await expectMatches({ q: 'rua' }, scoped, [1]);
  });

  it('extrapolates over the dates asked for, and counts when the window cannot tell', async () => {
    const all = expected(rows, { q: 'rua' });
    const at = (i: number) => all[i]!.createdAt;
    // From a date: the estimate spreads over the requests since then, not over the year.
    const since = await expectMatches({ q: 'rua', from: at(3000) });
    expect(since.totalIsEstimate).toBe(true);
    // Up to a date inside the window, and up to one older than every row of the window.
    expect((await expectMatches({ q: 'rua', to: at(500) })).totalIsEstimate).toBe(true);
    expect((await expectMatches({ q: 'rua', to: at(1200) })).totalIsEstimate).toBe(false);
    // A few matches older than the window: one short page, so the total is exact.
    const few = await expectMatches({ q: 'rua', from: at(1510), to: at(1500) });
    expect(few).toMatchObject({ total: 11, totalIsEstimate: false });
  });

  it('answers an exact total when a search has no more matches than the window', async () => {
    const andradas = await expectMatches({ q: 'andradas' });
    expect(andradas.totalIsEstimate).toBe(false);
    expect(andradas.total).toBeLessThanOrEqual(SEARCH_WINDOW);
    expect((await expectMatches({ q: 'Zuleica' })).totalIsEstimate).toBe(false);
    expect((await expectMatches({})).totalIsEstimate).toBe(false);
  });

  it('estimates from a window of the size it is given', async () => {
    const filters: ListFilters = {
      q: 'silva',
      status: undefined,
      problemType: undefined,
      companyId: undefined,
      assignedToId: undefined,
      pole: undefined,
      from: undefined,
      to: undefined,
    };
    const all = expected(rows, { q: 'silva' });
    expect(all.length).toBeGreaterThan(400);
    const small = await listRequests(ctx().db, null, filters, NEWEST_FIRST, 1, 20, undefined, 200);
    expect(small.totalIsEstimate).toBe(true);
    expect(Math.abs(small.total - all.length)).toBeLessThanOrEqual(all.length * 0.3);
    expect(small.items.map((i) => i.id)).toEqual(all.slice(0, 20).map((r) => r.id));
    const whole = await listRequests(ctx().db, null, filters, NEWEST_FIRST, 2, 20, undefined, all.length);
    expect(whole).toMatchObject({ total: all.length, totalIsEstimate: false });
    expect(whole.items.map((i) => i.id)).toEqual(all.slice(20, 40).map((r) => r.id));
  });

  it('pages by cursor: the same rows as by page number, without gaps or repeats', async () => {
    const filters: Record<string, string>[] = [
      {},
      { status: 'open' },
      { q: 'silva' },
      { companyId: '2', problemType: 'LIGHT_OUT' },
      { sort: 'number', dir: 'asc' },
      { sort: 'status', dir: 'asc', companyId: '3' },
      { sort: 'status', dir: 'desc', q: 'silva' },
      { sort: 'updated', dir: 'desc', status: 'in_progress' },
      { sort: 'created', dir: 'asc' },
    ];
    for (const filter of filters) {
      const all = expected(rows, filter);
      let cursor: string | null | undefined;
      const seen: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await list({ ...filter, pageSize: '50', page: String(page), ...(cursor ? { cursor } : {}) });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.total).toBe(all.length);
        seen.push(...body.items.map((i: Row) => i.id));
        cursor = body.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(all.slice(0, seen.length).map((r) => r.id));
      expect(seen.length).toBe(Math.min(200, all.length));
    }
    const last = await list({ q: 'Zuleica' });
    expect(last.json().nextCursor).toBeNull();
    const createdCursor = Buffer.from('["2026-01-01T00:00:00.000Z",5]').toString('base64url');
    // A cursor of another order (two values where the number sort has one) is refused too.
    expect((await list({ cursor: createdCursor, sort: 'number' })).statusCode).toBe(400);
    for (const cursor of ['!!', 'bm90LWpzb24', Buffer.from('["x",-1]').toString('base64url')]) {
      const bad = await list({ cursor }, admin, 'en');
      expect(bad.statusCode, cursor).toBe(400);
      expect(bad.json().message).toBe('Invalid value');
    }
  });

  it('refuses a crafted cursor whose values its columns never hold, as it refuses a malformed one', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const at = '2026-01-01T00:00:00.000Z';
    // Each part is checked against its column: the database never sees these (NUL was a 500 on PostgreSQL).
    const crafted: [Record<string, string>, unknown][] = [
      [{}, ['\u0000', 5]],
      [{}, ['\ud800', 5]],
      [{}, ['2026-01-01', 5]],
      [{}, ['2026-01-01T00:00:00Z', 5]],
      [{}, ['2026-02-30T00:00:00.000Z', 5]],
      [{}, [at, 1.5]],
      [{}, [at, '5']],
      [{}, [at, 2 ** 53]],
      [{ sort: 'updated' }, ['x', 5]],
      [{ sort: 'status' }, ['\u0000', 'x', 5]],
      [{ sort: 'status' }, ['open', '\u0000', 5]],
      [{ sort: 'status' }, ['closed', at, 5]],
      [{ sort: 'status' }, [at, 'open', 5]],
      [{ sort: 'number' }, [0]],
    ];
    for (const [order, value] of crafted) {
      const cursor = encode(value);
      const pt = await list({ ...order, cursor });
      expect(pt.statusCode, JSON.stringify(value)).toBe(400);
      expect(pt.json()).toMatchObject({ message: 'Valor inválido', errors: { cursor: 'Valor inválido' } });
      const en = await list({ ...order, cursor }, admin, 'en');
      expect(en.json()).toMatchObject({ message: 'Invalid value', errors: { cursor: 'Invalid value' } });
    }
    // The values a list gives in its cursors are taken.
    expect((await list({ cursor: encode([at, 5]) })).statusCode).toBe(200);
    expect((await list({ sort: 'status', cursor: encode(['in_progress', at, 5]) })).statusCode).toBe(200);
    expect((await list({ sort: 'number', cursor: encode([5]) })).statusCode).toBe(200);
  });

  it("limits a company-linked user's list, detail and counts to its companies", async () => {
    const body = await expectMatches({}, scoped, [1]);
    expect(body.total).toBe(rows.filter((r) => r.companyId === 1).length);
    expect(body.items.every((i: Row) => i.companyId === 1)).toBe(true);
    await expectMatches({ q: 'silva', status: 'open' }, scoped, [1]);
    // Asking for another company's requests gives nothing, not them.
    expect((await list({ companyId: '2' }, scoped)).json().total).toBe(0);
    expect((await list({ q: String(knownIds[1]) }, scoped)).json().items.map((i: Row) => i.id)).not.toContain(
      knownIds[1],
    );

    const outside = await ctx().app.inject({
      url: `/api/admin/repair-requests/${knownIds[1]}`,
      headers: scoped.headers,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Solicitação não encontrada');
    const inside = await ctx().app.inject({
      url: `/api/admin/repair-requests/${knownIds[0]}`,
      headers: scoped.headers,
    });
    expect(inside.statusCode).toBe(200);

    const counts = await ctx().app.inject({ url: '/api/admin/repair-requests/counts', headers: scoped.headers });
    const mine = rows.filter((r) => r.companyId === 1);
    expect(counts.json()).toEqual({
      total: mine.length,
      open: mine.filter((r) => r.status === 'open').length,
      in_progress: mine.filter((r) => r.status === 'in_progress').length,
      completed: mine.filter((r) => r.status === 'completed').length,
      cancelled: mine.filter((r) => r.status === 'cancelled').length,
    });
    const byCompany = await ctx().app.inject({
      url: '/api/admin/repair-requests/counts/company',
      headers: scoped.headers,
    });
    expect(byCompany.json().map((c: { companyId: number }) => c.companyId)).toEqual([1]);
    expect(byCompany.json()[0].total).toBe(mine.length);
  });

  it('counts every request by status and by company for an admin', async () => {
    const res = await ctx().app.inject({ url: '/api/admin/repair-requests/counts', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const counts = res.json();
    expect(counts.total).toBe(rows.length);
    for (const status of REQUEST_STATUSES) expect(counts[status]).toBe(rows.filter((r) => r.status === status).length);
    const byCompany = await ctx().app.inject({
      url: '/api/admin/repair-requests/counts/company',
      headers: viewer.headers,
    });
    expect(byCompany.statusCode).toBe(200);
    const entries = byCompany.json();
    expect(entries.map((e: { companyName: string }) => e.companyName)).toEqual(['CEEE', 'Certel', 'RGE']);
    for (const entry of entries) {
      const mine = rows.filter((r) => r.companyId === entry.companyId);
      expect(entry.total).toBe(mine.length);
      expect(entry.completed).toBe(mine.filter((r) => r.status === 'completed').length);
    }
  });

  it('lets a viewer read, and refuses anonymous readers', async () => {
    expect((await list({}, viewer)).statusCode).toBe(200);
    const anonymous = await ctx().app.inject({ url: '/api/admin/repair-requests' });
    expect(anonymous.statusCode).toBe(401);
    const counts = await ctx().app.inject({ url: '/api/admin/repair-requests/counts' });
    expect(counts.statusCode).toBe(401);
  });

  it('shows a request with everything, its company, assignee and full history', async () => {
    const completed = rows.find((r) => r.status === 'completed' && r.assignedToId !== null)!;
    const res = await ctx().app.inject({ url: `/api/admin/repair-requests/${completed.id}`, headers: viewer.headers });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id: completed.id,
      phone: completed.phone,
      address: completed.address,
      latitude: expect.stringMatching(/^-\d+\.\d+$/),
      longitude: expect.stringMatching(/^-\d+\.\d+$/),
      city: 'Porto Alegre',
      status: 'completed',
      company: { id: completed.companyId, name: expect.any(String), fullName: expect.any(String), active: true },
      assignedToId: completed.assignedToId,
      assignee: { id: completed.assignedToId, name: expect.any(String) },
    });
    expect(detail.history.map((e: { toStatus: string }) => e.toStatus)).toEqual(['open', 'in_progress', 'completed']);
    expect(detail.history[1]).toMatchObject({
      fromStatus: 'open',
      actorName: expect.any(String),
      at: expect.any(String),
    });
    expect(detail.updatedAt).toBe(detail.history[2].at);
    const missing = await ctx().app.inject({ url: '/api/admin/repair-requests/999999', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('an estimated total', () => {
  it('keeps two significant digits, rounding up to what was seen', () => {
    expect([0, 7, 99, 100, 1234, 1250, 31_870, 987_654].map((n) => roughly(n))).toEqual([
      0, 7, 99, 100, 1200, 1300, 32_000, 990_000,
    ]);
    expect(roughly(1040.4, 1001)).toBe(1100);
    expect(roughly(900, 1001)).toBe(1100);
    expect(roughly(1234, 1150)).toBe(1200);
  });
});

describeEachEngine(
  'operators: updating a request',
  (ctx) => {
    let admin: TestAccount;
    let user: TestAccount;
    let viewer: TestAccount;
    let scopedOther: TestAccount;
    let rita: { id: number };
    let requestId: number;

    beforeAll(async () => {
      admin = await signedIn(ctx(), { role: 'admin', name: 'Ana Administradora' });
      user = await signedIn(ctx(), { role: 'user', name: 'Ulisses Operador', companyIds: [1] });
      viewer = await signedIn(ctx(), { role: 'viewer' });
      scopedOther = await signedIn(ctx(), { role: 'user', companyIds: [2] });
      rita = await createAccount(ctx(), { role: 'user', name: 'Rita Técnica' });
      const created = await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: {
          name: 'Maria da Silva',
          email: 'maria@example.com',
          phone: '(51) 99876-4321',
          address: 'Rua dos Andradas, 1234 - Centro Histórico, Porto Alegre - RS',
          problemType: 'LIGHT_OUT',
          latitude: '-30.0277',
          longitude: '-51.2287',
          company: '1',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      requestId = created.json().id;
    });

    const read = async (account: TestAccount = admin) =>
      (await ctx().app.inject({ url: `/api/admin/repair-requests/${requestId}`, headers: account.headers })).json();
    const patch = (body: Record<string, unknown>, account: TestAccount = admin, language = 'pt', id = requestId) =>
      ctx().app.inject({
        method: 'PATCH',
        url: `/api/admin/repair-requests/${id}`,
        payload: body,
        headers: { ...account.headers, 'accept-language': language },
      });

    it('requires the status, in Portuguese and in English', async () => {
      const { updatedAt } = await read();
      const pt = await patch({ notes: 'x', updatedAt });
      expect(pt.statusCode).toBe(400);
      expect(pt.json()).toMatchObject({
        message: 'O status é obrigatório',
        errors: { status: 'O status é obrigatório' },
      });
      const en = await patch({ status: '', updatedAt }, admin, 'en');
      expect(en.json().message).toBe('Status is required');
      const bad = await patch({ status: 'closed', updatedAt });
      expect(bad.statusCode).toBe(400);
      expect((await read()).status).toBe('open');
    });

    it('refuses viewers with 403 and leaves the request as it was', async () => {
      const before = await read();
      const res = await patch({ status: 'completed', updatedAt: before.updatedAt }, viewer);
      expect(res.statusCode).toBe(403);
      expect(await read()).toEqual(before);
    });

    it('answers 404 to a user outside the request company', async () => {
      const { updatedAt } = await read();
      const res = await patch({ status: 'completed', updatedAt }, scopedOther);
      expect(res.statusCode).toBe(404);
      expect((await read()).status).toBe('open');
    });

    it('moves to any status, writes the history and the public timeline, keeping the assignee', async () => {
      let current = await read();
      const assign = await patch(
        { status: 'in_progress', assignedToId: rita.id, notes: 'Equipe enviada', updatedAt: current.updatedAt },
        user,
      );
      expect(assign.statusCode, assign.body).toBe(200);
      current = assign.json();
      expect(current).toMatchObject({
        status: 'in_progress',
        assignedToId: rita.id,
        assignedTo: 'Rita Técnica',
        notes: 'Equipe enviada',
      });
      expect(current.history.at(-1)).toMatchObject({
        actorId: user.id,
        actorName: 'Ulisses Operador',
        fromStatus: 'open',
        toStatus: 'in_progress',
        assignedTo: 'Rita Técnica',
        assigneeChanged: true,
        notes: 'Equipe enviada',
      });

      // A status change without an assignee keeps Rita.
      const done = await patch({ status: 'completed', updatedAt: current.updatedAt });
      expect(done.statusCode).toBe(200);
      current = done.json();
      expect(current).toMatchObject({ status: 'completed', assignedToId: rita.id, assignedTo: 'Rita Técnica' });
      expect(current.history.at(-1)).toMatchObject({
        actorName: 'Ana Administradora',
        fromStatus: 'in_progress',
        toStatus: 'completed',
        assigneeChanged: false,
      });

      // Any status may follow any other, back to open and on to cancelled.
      for (const status of ['open', 'cancelled', 'in_progress'] as const) {
        const res = await patch({ status, updatedAt: current.updatedAt });
        expect(res.statusCode, status).toBe(200);
        current = res.json();
        expect(current.status).toBe(status);
        expect(current.assignedTo).toBe('Rita Técnica');
      }
      expect(current.history.map((e: { toStatus: string }) => e.toStatus)).toEqual([
        'open',
        'in_progress',
        'completed',
        'open',
        'cancelled',
        'in_progress',
      ]);

      const events = await ctx()
        .db.selectFrom('requestEvents')
        .selectAll()
        .where('requestId', '=', requestId)
        .execute();
      expect(events).toHaveLength(6);

      const tracking = await ctx().app.inject({ url: `/api/repair-requests/${requestId}` });
      expect(tracking.json().status).toBe('in_progress');
      expect(tracking.json().timeline.map((e: { status: string }) => e.status)).toEqual([
        'open',
        'in_progress',
        'completed',
        'open',
        'cancelled',
        'in_progress',
      ]);
      expect(tracking.body).not.toContain('Rita');
      expect(tracking.body).not.toContain('Ulisses');
    });

    it('records a note or a new assignee without a status change, and can remove the assignee', async () => {
      let current = await read();
      const note = await patch({
        status: current.status,
        notes: 'Cliente avisado por telefone',
        updatedAt: current.updatedAt,
      });
      current = note.json();
      expect(current.history.at(-1)).toMatchObject({
        fromStatus: null,
        toStatus: null,
        notes: 'Cliente avisado por telefone',
      });
      const reassign = await patch({ status: current.status, assignedToId: user.id, updatedAt: current.updatedAt });
      current = reassign.json();
      expect(current).toMatchObject({ assignedToId: user.id, assignedTo: 'Ulisses Operador' });
      expect(current.history.at(-1)).toMatchObject({ assigneeChanged: true, assignedTo: 'Ulisses Operador' });
      const remove = await patch({ status: current.status, assignedToId: null, updatedAt: current.updatedAt });
      current = remove.json();
      expect(current).toMatchObject({ assignedToId: null, assignedTo: null, assignee: null });
      expect(current.history.at(-1)).toMatchObject({ assigneeChanged: true, assignedTo: null });
      // Nothing changed: nothing written.
      const count = current.history.length;
      const same = await patch({ status: current.status, updatedAt: current.updatedAt });
      expect(same.json().history).toHaveLength(count);
    });

    it('refuses an assignee who cannot see the company, a viewer or an unknown account', async () => {
      const current = await read();
      for (const assignedToId of [scopedOther.id, viewer.id, 999_999]) {
        const res = await patch({ status: current.status, assignedToId, updatedAt: current.updatedAt }, admin, 'en');
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.assignedToId).toBe('This account cannot be assigned to this request');
      }
      expect((await read()).updatedAt).toBe(current.updatedAt);
    });

    it('refuses a stale updatedAt with 409 instead of overwriting', async () => {
      const first = await read();
      const winner = await patch({ status: 'completed', notes: 'Primeiro', updatedAt: first.updatedAt });
      expect(winner.statusCode).toBe(200);
      const loser = await patch({ status: 'cancelled', notes: 'Segundo', updatedAt: first.updatedAt }, user);
      expect(loser.statusCode).toBe(409);
      expect(loser.json().message).toBe(
        'Esta solicitação foi alterada por outra pessoa depois que você a abriu. Recarregue para ver as alterações e tente novamente.',
      );
      const en = await patch({ status: 'cancelled', updatedAt: first.updatedAt }, user, 'en');
      expect(en.json().message).toMatch(/^This request was changed by someone else/);
      const now = await read();
      expect(now).toMatchObject({ status: 'completed', notes: 'Primeiro' });
      const missing = await patch({ status: 'open' });
      expect(missing.statusCode).toBe(400);
    });

    it('queues the status e-mail to the citizen with the change, only when the status changed', async () => {
      await ctx()
        .db.insertInto('siteSettings')
        .values({
          key: 'email',
          value: JSON.stringify({ enabled: true, host: 'smtp.example.test', port: 587, from: 'acende@example.test' }),
          updatedAt: ctx().clock.now().toISOString(),
        })
        .execute();
      const outbox = () =>
        ctx()
          .db.selectFrom('emailOutbox')
          .selectAll()
          .where('requestId', '=', requestId)
          .where('kind', '=', 'status_update')
          .execute();
      const before = (await outbox()).length;
      let current = await read();
      current = (await patch({ status: current.status, notes: 'Só uma nota', updatedAt: current.updatedAt })).json();
      expect(await outbox()).toHaveLength(before);
      await patch({ status: 'in_progress', notes: 'Voltamos ao local', updatedAt: current.updatedAt });
      const queued = await outbox();
      expect(queued).toHaveLength(before + 1);
      expect(queued.at(-1)).toMatchObject({ toAddress: 'maria@example.com' });
      expect(queued.at(-1)!.textBody).toContain('Voltamos ao local');
      await ctx().db.deleteFrom('siteSettings').where('key', '=', 'email').execute();
    });

    it('lists the accounts a request may be assigned to', async () => {
      await ctx().db.updateTable('admins').set({ active: 0 }).where('id', '=', scopedOther.id).execute();
      const inactive = await createAccount(ctx(), { role: 'user', name: 'Inativo' });
      await ctx().db.updateTable('admins').set({ active: 0 }).where('id', '=', inactive.id).execute();
      const linked2 = await createAccount(ctx(), { role: 'user', name: 'Zeca da Certel', companyIds: [2] });

      const forCompany1 = await ctx().app.inject({ url: '/api/admin/assignees?companyId=1', headers: admin.headers });
      const ids1 = forCompany1.json().map((a: { id: number }) => a.id);
      expect(ids1).toContain(admin.id);
      expect(ids1).toContain(user.id);
      expect(ids1).toContain(rita.id);
      expect(ids1).not.toContain(viewer.id);
      expect(ids1).not.toContain(inactive.id);
      expect(ids1).not.toContain(linked2.id);
      expect(forCompany1.json()[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        username: expect.any(String),
        role: expect.any(String),
      });

      const forCompany2 = await ctx().app.inject({ url: '/api/admin/assignees?companyId=2', headers: admin.headers });
      const ids2 = forCompany2.json().map((a: { id: number }) => a.id);
      expect(ids2).toContain(linked2.id);
      expect(ids2).not.toContain(user.id);
      // A user linked to company 1 learns nothing about company 2.
      const scopedAsk = await ctx().app.inject({ url: '/api/admin/assignees?companyId=2', headers: user.headers });
      expect(scopedAsk.json()).toEqual([]);
    });
  },
  { env: { GEOCODER_URL: 'http://127.0.0.1:9' } },
);

describeEachEngine('operators: requests on a pole (issue 21)', (ctx) => {
  let admin: TestAccount;
  let scoped: TestAccount;
  /** Requests on pole PA-0012 of company 1, newest first. */
  const onPole: { id: number; status: string }[] = [];
  let unregistered: number[] = [];
  let poleId: number;
  let otherCompanyOnSameNumber: number;
  /** Company 2's request filed on X-77: another company's pole of the same number. */
  let otherCompanyUnregistered: number;
  let withoutPole: number;

  /** Puts request `id` on `pole` (the number as filed, and the registry's pole when given). */
  const putOnPole = (id: number, poleNumber: string, pole: number | null, status: string, createdAt: string) =>
    ctx()
      .db.updateTable('repairRequests')
      .set({ poleNumber, poleId: pole, status, createdAt, updatedAt: createdAt })
      .where('id', '=', id)
      .execute();

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    scoped = await signedIn(ctx(), { role: 'user', companyIds: [2] });
    await seedRequests(ctx().db, { count: 300, now: ctx().clock.now(), seed: 7, companyIds: [1, 2] });
    const now = ctx().clock.now().toISOString();
    const insertPole = async (companyId: number, number: string) =>
      (
        await ctx()
          .db.insertInto('poles')
          .values({ companyId, number, latitude: -30.03, longitude: -51.21, createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    poleId = await insertPole(1, 'PA-0012');
    const otherPole = await insertPole(2, 'PA-0012');
    const ids = (
      await ctx().db.selectFrom('repairRequests').select('id').where('companyId', '=', 1).orderBy('id').execute()
    ).map((r) => r.id);
    // Five on the pole, in order of filing: open, in progress, completed, cancelled, open.
    const statuses = ['open', 'in_progress', 'completed', 'cancelled', 'open'];
    for (const [i, status] of statuses.entries()) {
      const id = ids[i] as number;
      await putOnPole(id, 'PA-0012', poleId, status, `2026-0${i + 1}-10T12:00:00.000Z`);
      onPole.unshift({ id, status });
    }
    // Two filed by a number the registry does not hold (no pole id).
    unregistered = [ids[10] as number, ids[11] as number];
    await putOnPole(unregistered[0]!, 'X-77', null, 'open', '2026-02-01T12:00:00.000Z');
    await putOnPole(unregistered[1]!, 'X-77', null, 'in_progress', '2026-03-01T12:00:00.000Z');
    const [other, otherUnregistered] = await ctx()
      .db.selectFrom('repairRequests')
      .select('id')
      .where('companyId', '=', 2)
      .orderBy('id')
      .limit(2)
      .execute();
    otherCompanyOnSameNumber = other!.id;
    await putOnPole(otherCompanyOnSameNumber, 'PA-0012', otherPole, 'open', '2026-04-01T12:00:00.000Z');
    otherCompanyUnregistered = otherUnregistered!.id;
    await putOnPole(otherCompanyUnregistered, 'X-77', null, 'open', '2026-04-02T12:00:00.000Z');
    withoutPole = ids[20] as number;
  });

  const list = (query: Record<string, string>, account: TestAccount = admin, language = 'pt') =>
    ctx().app.inject({
      url: '/api/admin/repair-requests',
      query,
      headers: { ...account.headers, 'accept-language': language },
    });
  const detail = async (id: number, account: TestAccount = admin) => {
    const res = await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: account.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('shows each row’s pole number, and none for a request filed without one', async () => {
    const res = await list({ pageSize: '100', sort: 'number', dir: 'asc' });
    expect(res.statusCode, res.body).toBe(200);
    const items: { id: number; poleNumber: string | null }[] = res.json().items;
    const onPoleIds = new Set(onPole.map((r) => r.id));
    for (const item of items) {
      if (onPoleIds.has(item.id)) expect(item.poleNumber).toBe('PA-0012');
      else if (unregistered.includes(item.id) || item.id === otherCompanyUnregistered)
        expect(item.poleNumber).toBe('X-77');
      else if (item.id !== otherCompanyOnSameNumber) expect(item.poleNumber).toBeNull();
    }
    expect(items.filter((i) => i.poleNumber === 'PA-0012').length).toBeGreaterThanOrEqual(5);
  });

  it('filters by pole number, normalised as filed, exactly, newest first, with the total', async () => {
    const res = await list({ pole: '  pa 0012 ', companyId: '1' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(5);
    expect(body.items.map((i: { id: number }) => i.id)).toEqual(onPole.map((r) => r.id));
    // Both companies have a pole PA-0012: without a company both show.
    const both = (await list({ pole: 'PA-0012' })).json();
    expect(both.total).toBe(6);
    expect(both.items.map((i: { id: number }) => i.id)).toContain(otherCompanyOnSameNumber);
    // Exact: a prefix or a longer number finds nothing.
    expect((await list({ pole: 'PA-001' })).json().total).toBe(0);
    expect((await list({ pole: 'PA-00120' })).json().total).toBe(0);
    expect((await list({ pole: 'x-77' })).json().total).toBe(3);
    // Blank means "any pole".
    expect((await list({ pole: ' ' })).json().total).toBe(300);
  });

  it('combines the pole with the other filters, every order and cursor paging', async () => {
    const open = (await list({ pole: 'PA-0012', status: 'open', companyId: '1' })).json();
    expect(open.items.map((i: { id: number }) => i.id)).toEqual(
      onPole.filter((r) => r.status === 'open').map((r) => r.id),
    );
    for (const sort of ['created', 'number', 'status', 'updated']) {
      for (const dir of ['asc', 'desc']) {
        const whole = (await list({ pole: 'PA-0012', sort, dir, pageSize: '10' })).json();
        const seen: number[] = [];
        let page = 1;
        let cursor: string | null | undefined;
        do {
          const query: Record<string, string> = { pole: 'PA-0012', sort, dir, pageSize: '10', page: String(page) };
          if (cursor) query.cursor = cursor;
          const res = await list(query);
          expect(res.statusCode, res.body).toBe(200);
          seen.push(...res.json().items.map((i: { id: number }) => i.id));
          cursor = res.json().nextCursor;
          page++;
        } while (cursor && page < 5);
        expect(seen, `${sort} ${dir}`).toEqual(whole.items.map((i: { id: number }) => i.id));
        expect(seen.length).toBe(6);
      }
    }
  });

  it('keeps a company-linked user to its companies when filtering by pole', async () => {
    const body = (await list({ pole: 'PA-0012' }, scoped)).json();
    expect(body.items.map((i: { id: number }) => i.id)).toEqual([otherCompanyOnSameNumber]);
    expect(body.total).toBe(1);
  });

  it('refuses a pole number no pole can have with a clear 400, in Portuguese and in English', async () => {
    const pt = await list({ pole: 'PA#12' });
    expect(pt.statusCode).toBe(400);
    expect(pt.json().message).toBe('Use de 1 a 32 letras, dígitos, pontos, hífens ou sublinhados no número do poste');
    const en = await list({ pole: '-12' }, admin, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('Use 1 to 32 letters, digits, dots, hyphens or underscores in the pole number');
    expect((await list({ pole: 'A'.repeat(33) })).statusCode).toBe(400);
  });

  it('shows the pole in the detail and warns of the other open requests on it', async () => {
    const newest = onPole[0]!;
    const body = await detail(newest.id);
    expect(body.poleNumber).toBe('PA-0012');
    expect(body.poleId).toBe(poleId);
    // Open and in progress only, not itself, not the other company's pole of the same number.
    expect(body.openOnSamePole).toEqual([
      { id: onPole[3]!.id, status: 'in_progress', createdAt: '2026-02-10T12:00:00.000Z' },
      { id: onPole[4]!.id, status: 'open', createdAt: '2026-01-10T12:00:00.000Z' },
    ]);
    // A completed request on the pole still sees the open ones.
    const completed = await detail(onPole.find((r) => r.status === 'completed')!.id);
    expect(completed.openOnSamePole.map((o: { id: number }) => o.id)).toEqual([
      newest.id,
      onPole[3]!.id,
      onPole[4]!.id,
    ]);
  });

  it('matches a number the registry does not hold within the request’s company', async () => {
    const body = await detail(unregistered[0]!);
    expect(body.poleNumber).toBe('X-77');
    expect(body.poleId).toBeNull();
    expect(body.openOnSamePole).toEqual([
      { id: unregistered[1], status: 'in_progress', createdAt: '2026-03-01T12:00:00.000Z' },
    ]);
  });

  it('shows no pole and no warning for a request filed without one', async () => {
    const body = await detail(withoutPole);
    expect(body.poleNumber).toBeNull();
    expect(body.poleId).toBeNull();
    expect(body.openOnSamePole).toEqual([]);
    const alone = await detail(otherCompanyOnSameNumber);
    expect(alone.openOnSamePole).toEqual([]);
  });
});
