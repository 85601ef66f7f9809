// Attack review: a request anonymised while open (a data subject's request) must not gain new
// followers afterwards, through the follow form or a duplicate's filer: retention never looks
// at an anonymised request again, so an e-mail stored then would stay for good.
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';

const HERE = { latitude: '-30.0277', longitude: '-51.2287' };

describeEachEngine('followers of an anonymised request', (ctx) => {
  const file = async (overrides: Record<string, unknown> = {}) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...validRequest, ...HERE, ...overrides },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const anonymise = async (id: number) => {
    const admin = await signedIn(ctx(), { role: 'admin' });
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/anonymize`,
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return admin;
  };
  const followers = (id: number) =>
    ctx().db.selectFrom('requestFollowers').select(['email']).where('requestId', '=', id).execute();

  it('refuses a follower on a request anonymised while open', async () => {
    const id = await file();
    await anonymise(id);
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/repair-requests/${id}/followers`,
      payload: { email: 'late.follower@example.com' },
    });
    expect(res.statusCode).toBe(409);
    expect(await followers(id)).toEqual([]);
  });

  it("does not make a duplicate's filer follow an anonymised original", async () => {
    const original = await file();
    const admin = await anonymise(original);
    const duplicate = await file({ email: 'dup.filer@example.com' });
    const { updatedAt } = (
      await ctx().app.inject({ method: 'GET', url: `/api/admin/repair-requests/${duplicate}`, headers: admin.headers })
    ).json();
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${duplicate}/duplicate`,
      headers: admin.headers,
      payload: { originalId: original, updatedAt },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await followers(original)).toEqual([]);
  });
});
