import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { fileValidRequest, searchedIds } from '../../../test/requests.ts';
import * as byField from '../../db/migrations/0016-search-by-field.ts';
import * as offTheFiling from '../../db/migrations/0052-search-off-the-filing.ts';
import * as sqliteAfterFiling from '../../db/migrations/0063-sqlite-search-after-filing.ts';
import { seedRequests } from '../../db/seed-requests.ts';

// The search indexes (one for names, one for phones and addresses: migration 0016) are kept
// by triggers, or indexed by the upkeep a search runs first (PostgreSQL 0052, SQLite above its
// mark 0063), so any write (here plain SQL, as a DBA or an import would do) is found by the
// next search, and what it replaced is no longer found.
describeEachEngine('search indexes kept in step with the requests', (ctx) => {
  let admin: TestAccount;
  let id: number;

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    await seedRequests(ctx().db, { count: 200, now: ctx().clock.now(), seed: 11 });
    id = (await ctx().db.selectFrom('repairRequests').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });

  const found = (q: string) => searchedIds(ctx().app, admin, q);
  const update = (values: { name?: string | null; phone?: string; address?: string }) =>
    ctx().db.updateTable('repairRequests').set(values).where('id', '=', id).execute();

  it('finds a changed name, phone and address, and no longer finds what they were', async () => {
    await update({ name: 'Ubiratã Xavantes', phone: '(54) 93131-7070', address: 'Travessa Quixadá, 909' });
    expect(await found('ubirata xavantes')).toEqual([id]);
    expect(await found('931317070')).toEqual([id]);
    expect(await found('quixada, 90')).toEqual([id]);

    await update({ name: 'Iracema Zanella' });
    expect(await found('xavantes')).toEqual([]);
    expect(await found('IRACEMA ZANELLA')).toEqual([id]);
    // The other index kept its row: an update of the name does not touch the address's.
    expect(await found('quixadá')).toEqual([id]);

    await update({ phone: '(54) 98282-6060', address: 'Beco Quiririm, 17' });
    expect(await found('93131')).toEqual([]);
    expect(await found('quixada')).toEqual([]);
    expect(await found('98282-6060')).toEqual([id]);
    expect(await found('quiririm')).toEqual([id]);
    expect(await found('zanella')).toEqual([id]);

    await update({ name: null });
    expect(await found('zanella')).toEqual([]);
    expect(await found('quiririm')).toEqual([id]);
  });

  it('forgets a deleted request, even when its number is filed again', async () => {
    await update({ name: 'Quitéria Yamasaki' });
    expect(await found('quiteria yamasaki')).toEqual([id]);
    const row = await ctx().db.selectFrom('repairRequests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await ctx().db.deleteFrom('repairRequests').where('id', '=', id).execute();
    expect(await found('yamasaki')).toEqual([]);
    expect(await found('quiririm')).toEqual([]);

    // The same number with other details (a backup restored, say): nothing the deleted
    // request left in an index may match it. PostgreSQL computes its generated columns
    // (the phone's digits, the folded search text, the repair time), so they are not written.
    const generated = new Set(['phoneDigits', 'searchName', 'searchContact', 'repairMs']);
    const stored = Object.fromEntries(Object.entries(row).filter(([column]) => !generated.has(column)));
    await ctx()
      .db.insertInto('repairRequests')
      .values({
        ...(stored as typeof row),
        name: 'Olímpia Vargas',
        phone: '(54) 97171-4040',
        address: 'Rua Jacarandá, 5',
      })
      .execute();
    expect(await found('olimpia vargas')).toEqual([id]);
    expect(await found('97171')).toEqual([id]);
    expect(await found('yamasaki')).toEqual([]);
    expect(await found('quiririm')).toEqual([]);
  });

  it('finds the same requests after the split is undone and done again', async () => {
    const queries = ['silva', 'maria', 'joão da rosa', 'rua', '9987', 'porto'];
    const before = await Promise.all(queries.map(found));
    expect(before.some((ids) => ids.length > 0)).toBe(true);
    const rows = await ctx().db.selectFrom('repairRequests').select(['name', 'phone', 'address']).execute();
    const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const silvas = rows.filter((r) => [r.name ?? '', r.phone, r.address].some((f) => fold(f).includes('silva')));
    expect(silvas.length).toBeGreaterThan(0);
    expect(before[0]).toHaveLength(silvas.length);

    // Filed with no search since: on SQLite above the mark, not in the search tables yet.
    const filed = await fileValidRequest(ctx().app, {
      name: 'Zulmira Takahashi',
      phone: '(54) 93131-7070',
      address: 'Beco Quiririm, 17',
    });
    const inNames = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from repair_requests_search_name
            where repair_requests_search_name match '"takahashi"'`.execute(ctx().db)
        ).rows[0]?.n,
      );
    if (ctx().engine === 'sqlite') expect(await inNames()).toBe(0);

    // Undone: SQLite's triggers for every request again (0063), what was above the mark indexed
    // first; PostgreSQL's search rows back on the requests (0052); then the single index of
    // migrations 0006 and 0014 back and filled.
    await sqliteAfterFiling.down(ctx().db);
    if (ctx().engine === 'sqlite') expect(await inNames()).toBe(1);
    await offTheFiling.down(ctx().db);
    await byField.down(ctx().db);
    const old =
      ctx().engine === 'postgres'
        ? sql<{ n: number }>`select count(*) as n from repair_requests where search_text like '%silva%'`
        : sql<{
            n: number;
          }>`select count(*) as n from repair_requests_search where repair_requests_search match '"silva"'`;
    expect(Number((await old.execute(ctx().db)).rows[0]?.n)).toBe(silvas.length);

    await byField.up(ctx().db);
    await offTheFiling.up(ctx().db);
    await sqliteAfterFiling.up(ctx().db);
    expect(await Promise.all(queries.map(found))).toEqual(before);
    expect(await found('zulmira takahashi')).toEqual([filed]);
  });
});
