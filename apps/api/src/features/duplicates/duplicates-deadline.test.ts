// Attack review: a duplicate is cancelled (decision 0034), and the repair clock stands still
// while cancelled (decision 0029). Undoing the duplicate leaves cancelled, so its due time must
// move on by the time it spent as a duplicate, as the operators' update does.
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';

const HOUR = 3_600_000;

describeEachEngine('undoing a duplicate and the repair clock', (ctx) => {
  const file = async (lat: string) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...validRequest, latitude: lat, longitude: '-52.100000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const stored = (id: number) =>
    ctx()
      .db.selectFrom('repairRequests')
      .select(['dueAt', 'updatedAt', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('moves the due time on by the time spent as a duplicate', async () => {
    const original = await file('-34.000000');
    const duplicate = await file('-34.000100');
    const before = await stored(duplicate);
    let operator = await signedIn(ctx(), { role: 'user' });
    const marked = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${duplicate}/duplicate`,
      headers: operator.headers,
      payload: { originalId: original, updatedAt: before.updatedAt },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    ctx().clock.advance(10 * HOUR);
    operator = await signedIn(ctx(), { role: 'user' });
    const undone = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${duplicate}/duplicate/undo`,
      headers: operator.headers,
      payload: { updatedAt: (await stored(duplicate)).updatedAt },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const after = await stored(duplicate);
    expect(after.status).toBe('open');
    const moved = Date.parse(after.dueAt as string) - Date.parse(before.dueAt as string);
    expect(Math.abs(moved - 10 * HOUR)).toBeLessThan(1000);
  });
});
