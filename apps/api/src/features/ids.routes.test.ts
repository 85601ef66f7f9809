// Ids above PostgreSQL's integer (2^31-1) overflowed its columns: a 500 for anyone on
// PostgreSQL, from the public form's `company` too. Every id field, in a body, a query or a
// path, public or admin, is read by one shared rule (packages/shared fields.ts) and refuses
// them with a 400 in the reader's language, on both engines.
import { MAX_ID } from '@acende/shared/constants';
import { expect } from 'vitest';
import { signedIn } from '../../test/accounts.ts';
import { describeEachEngine, it } from '../../test/engines.ts';
import { validRequest } from '../../test/requests.ts';

const TOO_LARGE_NUMBERS = [MAX_ID + 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, -1, 0, 1.5, -(2 ** 31)];
const TOO_LARGE_TEXT = ['2147483648', '4294967296', '9007199254740993', '9999999999', '-1', '1.5', '1e3', '01'];

describeEachEngine('ids beyond what the database keeps', (ctx) => {
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, payload?: unknown, cookie?: string) =>
    ctx().app.inject({
      method,
      url,
      payload: payload as Record<string, unknown> | undefined,
      headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    });

  it('refuses them in the public form’s company, as number and as text, and files nothing', async () => {
    const before = await ctx()
      .db.selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    for (const company of [...TOO_LARGE_NUMBERS, ...TOO_LARGE_TEXT]) {
      const res = await send('POST', '/api/repair-requests', { ...validRequest, company });
      expect(res.statusCode, String(company)).toBe(400);
      expect(res.json(), String(company)).toMatchObject({
        message: 'Invalid energy company',
        errors: { company: 'Invalid energy company' },
      });
    }
    const pt = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...validRequest, company: MAX_ID + 1 },
    });
    expect(pt.json().message).toBe('Concessionária inválida');
    // The largest id is well formed: it names no company, which is a 4xx too.
    const largest = await send('POST', '/api/repair-requests', { ...validRequest, company: MAX_ID });
    expect(largest.statusCode).toBeGreaterThanOrEqual(400);
    expect(largest.statusCode).toBeLessThan(500);
    const after = await ctx()
      .db.selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('refuses them in an update’s assignee and a user’s companies, and changes nothing', async () => {
    const admin = await signedIn(ctx());
    const filed = await send('POST', '/api/repair-requests', validRequest);
    expect(filed.statusCode).toBe(201);
    const id = filed.json().id as number;
    const detail = await send('GET', `/api/admin/repair-requests/${id}`, undefined, admin.cookie);
    const { updatedAt } = detail.json() as { updatedAt: string };
    for (const assignedToId of [...TOO_LARGE_NUMBERS, ...TOO_LARGE_TEXT]) {
      const res = await send(
        'PATCH',
        `/api/admin/repair-requests/${id}`,
        { status: 'in_progress', assignedToId, updatedAt },
        admin.cookie,
      );
      expect(res.statusCode, String(assignedToId)).toBe(400);
      expect(res.json().errors, String(assignedToId)).toEqual({
        assignedToId: 'This account cannot be assigned to this request',
      });
    }
    const largest = await send(
      'PATCH',
      `/api/admin/repair-requests/${id}`,
      { status: 'in_progress', assignedToId: MAX_ID, updatedAt },
      admin.cookie,
    );
    expect(largest.statusCode).toBe(400);
    const still = await send('GET', `/api/admin/repair-requests/${id}`, undefined, admin.cookie);
    expect(still.json()).toMatchObject({ status: 'open', updatedAt });

    const user = { username: `ids-${ctx().engine}`, name: 'Ids', role: 'user', password: 'secret-password' };
    for (const bad of [...TOO_LARGE_NUMBERS, ...TOO_LARGE_TEXT]) {
      const res = await send('POST', '/api/admin/users', { ...user, companies: [1, bad] }, admin.cookie);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message, String(bad)).toBe('One or more of the selected energy companies do not exist');
    }
    const largestCompany = await send('POST', '/api/admin/users', { ...user, companies: [MAX_ID] }, admin.cookie);
    expect(largestCompany.statusCode).toBe(400);
    const created = await send('POST', '/api/admin/users', { ...user, companies: [1] }, admin.cookie);
    expect(created.statusCode).toBe(201);
    const userId = created.json().id as number;
    const put = await send('PUT', `/api/admin/users/${userId}`, { ...user, companies: [2 ** 31] }, admin.cookie);
    expect(put.statusCode).toBe(400);
    const reread = await send('GET', `/api/admin/users/${userId}`, undefined, admin.cookie);
    expect(reread.json().companies.map((c: { id: number }) => c.id)).toEqual([1]);
  });

  it('refuses them in every id of a query string or a path, admin and public', async () => {
    const admin = await signedIn(ctx());
    const queries: [string, string][] = [
      ['/api/admin/repair-requests?companyId=', 'Select a valid energy company'],
      ['/api/admin/repair-requests?assignedToId=', 'Select a valid user'],
      ['/api/admin/reports/requests?companyId=', 'Select a valid energy company'],
      ['/api/admin/reports/requests?assigneeId=', 'Select a valid user'],
      ['/api/admin/reports/requests.csv?companyId=', 'Select a valid energy company'],
      ['/api/admin/assignees?companyId=', 'Invalid energy company'],
    ];
    for (const [prefix, message] of queries) {
      for (const value of TOO_LARGE_TEXT) {
        const res = await send('GET', `${prefix}${value}`, undefined, admin.cookie);
        expect(res.statusCode, prefix + value).toBe(400);
        expect(res.json().message, prefix + value).toBe(message);
      }
    }
    for (const [method, path] of [
      ['GET', '/api/repair-requests/'],
      ['GET', '/api/admin/repair-requests/'],
      ['PATCH', '/api/admin/repair-requests/'],
      ['GET', '/api/admin/users/'],
      ['PUT', '/api/admin/users/'],
      ['PUT', '/api/admin/energy-companies/'],
      ['DELETE', '/api/admin/energy-companies/'],
    ] as const) {
      for (const value of ['2147483648', '9007199254740993', '99999999999']) {
        const res = await ctx().app.inject({
          method,
          url: `${path}${value}`,
          headers: { cookie: admin.cookie, 'accept-language': 'en' },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${method} ${path}${value}`).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
    }
  });
});
