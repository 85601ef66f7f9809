// Attack review: a photo's body is a Buffer, and the NUL check every request goes through
// (plugins/security.ts) walked it as an object, one entry per byte: about 8 s of a core and
// 500 MB of heap for a 5 MB body, before the handler checked the token. A stranger's upload
// with any token must be answered quickly.
import { expect } from 'vitest';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';
import { unstorableTextAt } from '../../lib/unstorable-text.ts';

describeEachEngine('a photo body and the NUL check', (ctx) => {
  it('does not walk a binary body byte by byte', () => {
    const started = performance.now();
    expect(unstorableTextAt(Buffer.alloc(5 * 1024 * 1024, 0))).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('answers a 5 MB upload with a wrong token in well under a second of work', async () => {
    const filed = await ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: validRequest });
    expect(filed.statusCode, filed.body).toBe(201);
    const { id } = filed.json() as { id: number };
    const body = Buffer.alloc(5 * 1024 * 1024 - 16, 7);
    const started = performance.now();
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/repair-requests/${id}/photos?t=wrong`,
      headers: { 'content-type': 'image/jpeg' },
      payload: body,
    });
    expect(res.statusCode).toBe(403);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
