// Issue 33 item 6: the feed's version must change with every committed write, including one
// that commits late with an updated_at older than the newest (decision 0039 read only max(id)
// and max(updated_at), which such a write leaves as they were).
import { sql } from 'kysely';
import { expect } from 'vitest';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { fileValidRequest } from '../../../test/requests.ts';
import { createDatabase } from '../../db/database.ts';

const CSV = '/api/open-data/requests.csv';

describeEachEngine('the open-data version and a late commit', (ctx) => {
  it('changes the ETag when a write commits with an updated_at older than the newest', async () => {
    const first = await fileValidRequest(ctx().app);
    await fileValidRequest(ctx().app);
    const etag = async () => {
      ctx().clock.advance(2_000);
      return (await ctx().app.inject({ url: CSV })).headers.etag as string;
    };
    const before = await etag();
    expect(before).toBe(await etag());
    // Another connection (another instance's transaction) changes the first request and stamps
    // the time it began, older than the second request's: max(id) and max(updated_at) stay.
    const other = createDatabase(ctx().config.DATABASE_URL);
    try {
      const [row] = await ctx().db.selectFrom('repairRequests').select('createdAt').where('id', '=', first).execute();
      await other.transaction().execute(async (trx) => {
        await sql`update repair_requests set status = 'in_progress', updated_at = ${row?.createdAt} where id = ${first}`.execute(
          trx,
        );
        // Read while the write is not committed: the version must not have moved yet.
        expect(await etag()).toBe(before);
      });
    } finally {
      await other.destroy();
    }
    const after = await etag();
    expect(after).not.toBe(before);
    const body = (await ctx().app.inject({ url: CSV })).body;
    expect(body).toContain('in_progress');
  });
});
