// Attack review: "no chains" (decision 0034) must hold when two operators mark at once.
// Marking A as a duplicate of B while B is marked as a duplicate of A must leave at most one
// of them a duplicate; on PostgreSQL each transaction read the other's row before either wrote.
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';

describeEachEngine('marking duplicates at once', (ctx) => {
  const file = async (lat: number) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...validRequest, latitude: lat.toFixed(6), longitude: '-52.000000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };

  it('never makes a cycle or a chain of duplicates under concurrent marks', async () => {
    const operator = await signedIn(ctx(), { role: 'user' });
    const read = async (id: number) =>
      (
        await ctx().app.inject({ method: 'GET', url: `/api/admin/repair-requests/${id}`, headers: operator.headers })
      ).json() as { updatedAt: string };
    for (let round = 0; round < 6; round += 1) {
      const a = await file(-33 - round * 0.01);
      const b = await file(-33.0001 - round * 0.01);
      const c = await file(-33.0002 - round * 0.01);
      const [ra, rb, rc] = [await read(a), await read(b), await read(c)];
      const mark = (id: number, originalId: number, updatedAt: string) =>
        ctx().app.inject({
          method: 'POST',
          url: `/api/admin/repair-requests/${id}/duplicate`,
          headers: operator.headers,
          payload: { originalId, updatedAt },
        });
      // A → B and B → A (a cycle), and B → C with A → B (a chain).
      await Promise.all([mark(a, b, ra.updatedAt), mark(b, a, rb.updatedAt), mark(c, a, rc.updatedAt)]);
      const rows = await ctx()
        .db.selectFrom('repairRequests')
        .select(['id', 'duplicateOfId'])
        .where('id', 'in', [a, b, c])
        .execute();
      const linkOf = new Map(rows.map((r) => [r.id, r.duplicateOfId]));
      for (const row of rows) {
        // An original is never itself a duplicate.
        if (row.duplicateOfId !== null) expect(linkOf.get(row.duplicateOfId), `round ${round}`).toBeNull();
      }
    }
  });
});
