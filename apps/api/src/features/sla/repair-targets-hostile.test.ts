// Attack review: a company id past the column's range in the repair targets is a 400 on
// both engines, not a 500 from PostgreSQL's "out of range for type integer".
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';

describeEachEngine('repair targets: hostile company id', (ctx) => {
  it('refuses a company id past the column as invalid input', async () => {
    const admin = await signedIn(ctx(), { role: 'admin' });
    for (const companyId of [3_000_000_000, 9_007_199_254_740_991]) {
      const res = await ctx().app.inject({
        method: 'PUT',
        url: '/api/admin/repair-targets',
        headers: admin.headers,
        payload: {
          defaults: { LIGHT_OUT: 72, NO_LAMP: 72, FALLEN_POLE: 24, POLE_DAMAGE: 72 },
          overrides: [{ companyId, problemType: 'LIGHT_OUT', hours: 5 }],
        },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
