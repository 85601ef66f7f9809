// Attack review: "at most FOLLOWERS_MAX followers per request" (decision 0034) holds for the
// filers a duplicate brings too, not only for the follow form.
import { FOLLOWERS_MAX } from '@acende/shared/schemas/followers';
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';

describeEachEngine('a duplicate and the follower cap', (ctx) => {
  it('does not take the original past the cap', async () => {
    const file = async (email: string) => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: { ...validRequest, email, latitude: '-35.000000', longitude: '-53.000000' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const original = await file('first@example.com');
    const now = new Date().toISOString();
    await ctx()
      .db.insertInto('requestFollowers')
      .values(
        Array.from({ length: FOLLOWERS_MAX }, (_, i) => ({
          requestId: original,
          email: `cap${i}@example.com`,
          language: 'pt',
          unsubscribeTokenHash: `cap-${original}-${i}`,
          viaRequestId: null,
          createdAt: now,
        })),
      )
      .execute();
    const duplicate = await file('dup.filer@example.com');
    const operator = await signedIn(ctx(), { role: 'user' });
    const read = await ctx().app.inject({ url: `/api/admin/repair-requests/${duplicate}`, headers: operator.headers });
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${duplicate}/duplicate`,
      headers: operator.headers,
      payload: { originalId: original, updatedAt: read.json().updatedAt },
    });
    expect(res.statusCode, res.body).toBe(200);
    const count = await ctx()
      .db.selectFrom('requestFollowers')
      .select('id')
      .where('requestId', '=', original)
      .execute();
    expect(count).toHaveLength(FOLLOWERS_MAX);
  });
});
