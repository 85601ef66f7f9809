// Item 8 of "Trust under attack": whoever holds the database and the secret file beside it
// still cannot compute a request's tracking token, while an Idempotency-Key retry keeps
// getting the same token back.
import { sql } from 'kysely';
import { expect } from 'vitest';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { validRequest as valid } from '../../../test/requests.ts';
import * as notRebuildable from '../../db/migrations/0019-tracking-not-rebuildable.ts';
import { derivedToken, hashToken } from '../../lib/tokens.ts';

/** Every value stored in every table, as text. */
async function everyStoredValue(ctx: TestContext): Promise<string[]> {
  const tables =
    ctx.engine === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(ctx.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(ctx.db);
  const values: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(ctx.db);
    for (const row of rows.rows) {
      for (const value of Object.values(row)) {
        if (value === null || value === undefined) continue;
        values.push(Buffer.isBuffer(value) ? value.toString('utf8') : String(value));
      }
    }
  }
  return values;
}

async function requestColumns(ctx: TestContext): Promise<string[]> {
  const rows =
    ctx.engine === 'postgres'
      ? await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = 'repair_requests'`.execute(ctx.db)
      : await sql<{ name: string }>`select name from pragma_table_info('repair_requests')`.execute(ctx.db);
  return rows.rows.map((r) => r.name);
}

describeEachEngine('tracking tokens in storage', (ctx) => {
  const post = (body: object, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: body, headers });
  const read = (id: number, token: string) =>
    ctx().app.inject({ url: `/api/repair-requests/${id}?t=${encodeURIComponent(token)}` });

  it('stores nothing from which the tracking token can be computed with APP_SECRET, with or without a key', async () => {
    const key = 'storage-key-7f3a9c21-5b8e-4d10';
    const keyed = await post({ ...valid, phone: '(51) 3111-0001' }, { 'idempotency-key': key });
    const plain = await post({ ...valid, phone: '(51) 3111-0002' });
    expect(keyed.statusCode, keyed.body).toBe(201);
    expect(plain.statusCode, plain.body).toBe(201);
    const tokens = [keyed.json().trackingToken as string, plain.json().trackingToken as string];
    for (const [i, res] of [keyed, plain].entries()) {
      expect((await read(res.json().id, tokens[i] as string)).json().masked).toBe(false);
    }

    // No seed column, and the key is kept only as what finds it again.
    expect(await requestColumns(ctx())).not.toContain('tracking_seed');
    const values = await everyStoredValue(ctx());
    expect(values.filter((v) => v.includes(key))).toEqual([]);
    for (const token of tokens) {
      expect(values.filter((v) => v.includes(token))).toEqual([]);
      // Every stored value, fed to the derivation under APP_SECRET, gives something else.
      const secret = ctx().config.APP_SECRET;
      expect(values.filter((v) => derivedToken(secret, 'tracking', v) === token)).toEqual([]);
    }
    // What is stored verifies the token.
    const hashes = await ctx().db.selectFrom('repairRequests').select('trackingTokenHash').execute();
    expect(hashes.map((h) => h.trackingTokenHash)).toEqual(expect.arrayContaining(tokens.map(hashToken)));
  });

  it('answers a retried Idempotency-Key with the same number and token, also when retries race', async () => {
    const key = 'retry-storage-key-0c1d2e3f4a5b';
    const body = { ...valid, phone: '(51) 3222-0001' };
    const first = await post(body, { 'idempotency-key': key });
    const retries = await Promise.all(Array.from({ length: 5 }, () => post(body, { 'idempotency-key': key })));
    expect(first.statusCode, first.body).toBe(201);
    for (const retry of retries) {
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json()).toEqual(first.json());
    }
    const raced = await Promise.all(
      Array.from({ length: 6 }, () => post({ ...body, phone: '(51) 3222-0002' }, { 'idempotency-key': `${key}-race` })),
    );
    expect(new Set(raced.map((r) => r.statusCode))).toEqual(new Set([201]));
    expect(new Set(raced.map((r) => r.body)).size).toBe(1);
    expect((await read(raced[0]?.json().id, raced[0]?.json().trackingToken)).json().masked).toBe(false);
  });

  it('keeps the token of a request filed with a key before migration 0019, and drops what rebuilt it', async () => {
    const key = 'filed-before-0019-key-9a8b7c6d';
    const body = { ...valid, phone: '(51) 3333-0001' };
    const filed = await post(body, { 'idempotency-key': key });
    expect(filed.statusCode, filed.body).toBe(201);
    const { id, trackingToken } = filed.json();

    // The row as the code before 0019 wrote it: the raw key, and the seed the token came from.
    await notRebuildable.down(ctx().db);
    await sql`update repair_requests set idempotency_key = ${key},
      tracking_seed = ${key} || ${'\n'} || idempotency_hash where id = ${id}`.execute(ctx().db);
    await notRebuildable.up(ctx().db);

    expect(await requestColumns(ctx())).not.toContain('tracking_seed');
    expect((await everyStoredValue(ctx())).filter((v) => v.includes(key))).toEqual([]);
    const retry = await post(body, { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(filed.json());
    expect((await read(id, trackingToken)).json().masked).toBe(false);
    const other = await post({ ...body, phone: '(51) 3333-0002' }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
  });
});
