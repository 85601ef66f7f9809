// The open-data files carry a request's rating score, never its comment (issue 35, decision
// 0050), and a rating changes the files' version (it writes no request row).
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';

describeEachEngine('the open-data files and ratings', (ctx) => {
  it('has the score in the rating column of both files and the comment in neither', async () => {
    const filed = await ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: validRequest });
    const { id, trackingToken } = filed.json() as { id: number; trackingToken: string };
    const unrated = (
      await ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: validRequest })
    ).json().id as number;
    const admin = await signedIn(ctx(), { role: 'admin' });
    const read = await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers });
    await ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/repair-requests/${id}`,
      headers: admin.headers,
      payload: { status: 'completed', updatedAt: read.json().updatedAt },
    });
    // No area left to fill in (the geocoder is away here): the files' dates are exact, so sent and compared.
    await ctx().db.updateTable('repairRequests').set({ areaRetryAt: null }).execute();
    ctx().clock.advance(2_000);
    const before = await ctx().app.inject({ url: '/api/open-data/requests.csv' });
    expect(before.headers['last-modified']).toBeDefined();
    expect(before.body.split('\r\n')[0]).toMatch(/,duplicate_of,rating$/);

    const rated = await ctx().app.inject({
      method: 'POST',
      url: `/api/repair-requests/${id}/rating`,
      payload: { token: trackingToken, score: 3, comment: 'Comentário só para a equipe' },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    ctx().clock.advance(2_000);

    const csv = await ctx().app.inject({ url: '/api/open-data/requests.csv' });
    expect(csv.headers.etag).not.toBe(before.headers.etag);
    const lines = csv.body.split('\r\n');
    expect(lines.find((l) => l.startsWith(`${id},`))).toMatch(/,3$/);
    expect(lines.find((l) => l.startsWith(`${unrated},`))).toMatch(/,$/);
    expect(csv.body).not.toContain('Comentário');
    // A conditional read with the old version, by ETag or by date, gets the new file, not a 304.
    for (const headers of [
      { 'if-none-match': String(before.headers.etag) },
      { 'if-modified-since': String(before.headers['last-modified']) },
    ]) {
      expect((await ctx().app.inject({ url: '/api/open-data/requests.csv', headers })).statusCode).toBe(200);
    }

    const geojson = await ctx().app.inject({ url: '/api/open-data/requests.geojson' });
    const features = geojson.json().features as { properties: { id: number; rating: number | null } }[];
    expect(features.find((f) => f.properties.id === id)?.properties.rating).toBe(3);
    expect(features.find((f) => f.properties.id === unrated)?.properties.rating).toBeNull();
    expect(geojson.body).not.toContain('Comentário');
  });
});
