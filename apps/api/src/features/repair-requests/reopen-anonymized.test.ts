// Attack review: a request anonymised on demand (a data subject's request) keeps its tracking
// token's hash; the link must not reopen it, which would bring a new note (the citizen's text)
// into a request retention never visits again, and a live status again.
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';

describeEachEngine('reopening an anonymised request', (ctx) => {
  it('refuses the reopen and leaves it completed', async () => {
    const filed = await ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: validRequest });
    expect(filed.statusCode, filed.body).toBe(201);
    const { id, trackingToken } = filed.json() as { id: number; trackingToken: string };
    const admin = await signedIn(ctx(), { role: 'admin' });
    const read = await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers });
    const done = await ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/repair-requests/${id}`,
      headers: admin.headers,
      payload: { status: 'completed', updatedAt: read.json().updatedAt },
    });
    expect(done.statusCode, done.body).toBe(200);
    const anonymised = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/anonymize`,
      headers: admin.headers,
      payload: {},
    });
    expect(anonymised.statusCode, anonymised.body).toBe(200);
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/repair-requests/${id}/reopen`,
      payload: { token: trackingToken, note: 'Meu nome é Fulano, telefone 51 99999-0000' },
    });
    expect(res.statusCode, res.body).toBe(409);
    const row = await ctx()
      .db.selectFrom('repairRequests')
      .select(['status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
  });
});
