// Issue 33 item 3: the photos PDF is an export like the reports': one audit row per download
// (who, from where, which request, how many photos), none when the request is out of reach.
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { smallPng } from '../../../test/photos.ts';
import { validRequest } from '../../../test/requests.ts';

describeEachEngine('the photos PDF export is audited', (ctx) => {
  it('writes one request.photos.export row per download, with the actor and the photo count', async () => {
    const viewer = await signedIn(ctx(), { role: 'viewer' });
    const outsider = await signedIn(ctx(), { role: 'user', companyIds: [2] });
    const filed = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...validRequest, company: '1' },
    });
    const { id, trackingToken } = filed.json();
    const uploaded = await ctx().app.inject({
      method: 'POST',
      url: `/api/repair-requests/${id}/photos?t=${encodeURIComponent(trackingToken)}`,
      headers: { 'content-type': 'image/png' },
      payload: await smallPng(),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const rows = () =>
      ctx().db.selectFrom('auditLog').selectAll().where('kind', '=', 'request.photos.export').orderBy('id').execute();

    const refused = await ctx().app.inject({
      url: `/api/admin/repair-requests/${id}/photos.pdf`,
      headers: outsider.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(await rows()).toHaveLength(0);

    const res = await ctx().app.inject({
      url: `/api/admin/repair-requests/${id}/photos.pdf`,
      headers: { ...viewer.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const audit = await rows();
    expect(audit).toHaveLength(1);
    expect(Number(audit[0]?.actorId)).toBe(viewer.id);
    expect(audit[0]).toMatchObject({ objectType: 'request', objectId: String(id), actorUsername: viewer.username });
    expect(JSON.parse(audit[0]?.after ?? '{}')).toEqual({ format: 'pdf', language: 'en', photos: 1 });
  });
});
