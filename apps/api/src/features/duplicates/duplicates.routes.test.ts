// Issue 23 (decision 0034): an operator marks a request as a duplicate of another, chosen
// from the open requests within 100 m or on the same pole in their scope; the duplicate is
// cancelled with a link to the original (public page too), its filer follows the original
// and is told by e-mail in their language; undo restores it. Role and company scope, bad
// input (itself, out of scope, a chain, stale), nothing half-applied. Both engines.
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { configureSmtp, drainOutbox } from '../../../test/email.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';

describeEachEngine('marking duplicates', (ctx) => {
  let smtp: SmtpCapture;
  let operator: TestAccount;
  let viewer: TestAccount;
  let companyTwo: TestAccount;
  let spot = 0;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    await configureSmtp(ctx(), smtp);
    operator = await signedIn(ctx(), { role: 'user' });
    viewer = await signedIn(ctx(), { role: 'viewer' });
    companyTwo = await signedIn(ctx(), { role: 'user', companyIds: [2] });
  });
  afterAll(async () => smtp.close());

  /** A fresh place for each test, about 1 km apart, so earlier tests' requests are not near. */
  const place = () => {
    spot += 1;
    return { lat: -31 - spot * 0.01, lng: -52 };
  };
  const file = async (at: { lat: number; lng: number }, overrides: Record<string, unknown> = {}, language = 'pt') => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...validRequest, latitude: at.lat.toFixed(6), longitude: at.lng.toFixed(6), ...overrides },
      headers: { 'accept-language': language },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const read = async (id: number, as: TestAccount = operator) => {
    const res = await ctx().app.inject({ method: 'GET', url: `/api/admin/repair-requests/${id}`, headers: as.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const mark = async (id: number, originalId: unknown, as: TestAccount = operator, updatedAt?: string) =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/duplicate`,
      headers: { ...as.headers, 'accept-language': 'en' },
      payload: { originalId, updatedAt: updatedAt ?? (await read(id)).updatedAt },
    });
  const undo = async (id: number, as: TestAccount = operator) =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/duplicate/undo`,
      headers: as.headers,
      payload: { updatedAt: (await read(id)).updatedAt },
    });
  const candidates = (id: number, as: TestAccount = operator) =>
    ctx().app.inject({
      method: 'GET',
      url: `/api/admin/repair-requests/${id}/duplicate-candidates`,
      headers: as.headers,
    });
  /** What a failed call must leave as it was. */
  const snapshot = async (id: number) => {
    const row = await ctx()
      .db.selectFrom('repairRequests')
      .select(['status', 'duplicateOfId', 'updatedAt', 'closedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const events = await ctx().db.selectFrom('requestEvents').select('id').where('requestId', '=', id).execute();
    const followers = await ctx().db.selectFrom('requestFollowers').select('id').execute();
    return { row, events: events.length, followers: followers.length, audit: (await auditRows(ctx())).length };
  };

  it('suggests the open requests in scope within 100 m or on the same pole', async () => {
    const at = place();
    const original = await file(at);
    const near = await file({ lat: at.lat - 0.0006, lng: at.lng }); // about 67 m
    await file({ lat: at.lat - 0.0015, lng: at.lng }); // about 167 m: not suggested
    const otherCompany = await file({ lat: at.lat - 0.0003, lng: at.lng }, { company: '2' });
    const closed = await file(at);
    await ctx().db.updateTable('repairRequests').set({ status: 'completed' }).where('id', '=', closed).execute();
    const dup = await file(at);

    const res = await candidates(dup);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().items as { id: number }[]).map((i) => i.id);
    expect(ids).toEqual([original, otherCompany, near]);
    expect(res.body).not.toContain(validRequest.email);
    // A company-linked account sees only its company's: the others' requests are not suggested.
    const mine = await file({ lat: at.lat + 0.0002, lng: at.lng }, { company: '2' });
    const scoped = await candidates(mine, companyTwo);
    expect((scoped.json().items as { id: number }[]).map((i) => i.id)).toEqual([otherCompany]);
    // And a request out of its scope is a 404.
    expect((await candidates(dup, companyTwo)).statusCode).toBe(404);
  });

  it('an operator marks a request as a duplicate: cancelled, linked, its filer follows the original and is told', async () => {
    const at = place();
    const original = await file(at, { email: 'first.filer@example.com' });
    const dup = await file(at, { email: 'Second.Filer@example.com', name: 'Second Filer' }, 'en');
    const before = (await auditRows(ctx())).length;

    const res = await mark(dup, original);
    expect(res.statusCode, res.body).toBe(200);
    const marked = res.json();
    expect(marked.status).toBe('cancelled');
    expect(marked.duplicateOfId).toBe(original);
    expect(marked.history.at(-1)).toMatchObject({ kind: 'duplicate', fromStatus: 'open', toStatus: 'cancelled' });
    const originalNow = await read(original);
    expect(originalNow.duplicateIds).toEqual([dup]);
    expect(originalNow.followerCount).toBe(1);
    expect(originalNow.history.at(-1)).toMatchObject({ kind: 'duplicate_linked', notes: `#${dup}` });
    expect(JSON.stringify(originalNow)).not.toContain('second.filer');
    const audit = await auditRows(ctx());
    expect(audit.length - before).toBe(1);
    expect(audit[0]).toMatchObject({ kind: 'request.duplicate', objectId: String(dup) });

    // The public tracking page links to the original.
    const tracked = await ctx().app.inject({ method: 'GET', url: `/api/repair-requests/${dup}` });
    expect(tracked.json()).toMatchObject({ status: 'cancelled', duplicateOf: original });

    await drainOutbox(ctx());
    const told = smtp.messages.filter((m) => m.envelopeTo.includes('second.filer@example.com'));
    expect(told.map((m) => m.subject)).toEqual([
      `Request no. ${dup} received`,
      `Your request no. ${dup} was merged into no. ${original}`,
    ]);
    expect(told[1]?.text).toContain(`You will now receive the status e-mails of request no. ${original}.`);
    expect(told[1]?.text).toMatch(/\/unsubscribe\?token=f/);

    // The original's next status change reaches the duplicate's filer, in English.
    const { updatedAt } = await read(original);
    const patch = await ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/repair-requests/${original}`,
      headers: operator.headers,
      payload: { status: 'completed', updatedAt },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    await drainOutbox(ctx());
    expect(smtp.messages.filter((m) => m.envelopeTo.includes('second.filer@example.com')).at(-1)?.subject).toBe(
      `Request no. ${original}: Completed`,
    );
  });

  it('undo restores the status it had and its filer stops following the original', async () => {
    const at = place();
    const original = await file(at);
    const dup = await file(at, { email: 'undo.filer@example.com' });
    const { updatedAt } = await read(dup);
    await ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/repair-requests/${dup}`,
      headers: operator.headers,
      payload: { status: 'in_progress', updatedAt },
    });
    const dueBefore = (await read(dup)).dueAt;
    expect((await mark(dup, original)).statusCode).toBe(200);
    expect((await read(original)).followerCount).toBe(1);

    // Only undo takes a duplicate out of cancelled: a status change would leave the link and
    // its filer following the original behind. Refused alone and in a bulk, nothing changed.
    const marked = await snapshot(dup);
    const reopened = await ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/repair-requests/${dup}`,
      headers: { ...operator.headers, 'accept-language': 'en' },
      payload: { status: 'open', updatedAt: marked.row.updatedAt },
    });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().message).toBe('This request is marked as a duplicate; undo that to change its status');
    const bulk = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/repair-requests/bulk',
      headers: operator.headers,
      payload: {
        change: { action: 'status', status: 'in_progress' },
        items: [{ id: dup, updatedAt: marked.row.updatedAt }],
      },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ changed: [], refused: [{ id: dup, reason: 'duplicate' }] });
    expect(await snapshot(dup)).toEqual(marked);

    ctx().clock.advance(10 * 60_000);
    const res = await undo(dup);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_progress', duplicateOfId: null });
    // The repair clock stood still while it was closed as a duplicate (decision 0029).
    expect(Date.parse(res.json().dueAt) - Date.parse(dueBefore)).toBeGreaterThan(10 * 60_000 - 1_000);
    expect(res.json().history.at(-1)).toMatchObject({
      kind: 'duplicate_undone',
      fromStatus: 'cancelled',
      toStatus: 'in_progress',
    });
    const originalNow = await read(original);
    expect(originalNow.followerCount).toBe(0);
    expect(originalNow.duplicateIds).toEqual([]);
    expect(originalNow.history.at(-1)).toMatchObject({ kind: 'duplicate_unlinked' });
    expect((await auditRows(ctx()))[0]).toMatchObject({ kind: 'request.duplicate_undo', objectId: String(dup) });
    // Undo of a request that is not a duplicate: 409.
    expect((await undo(dup)).statusCode).toBe(409);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const at = place();
    const original = await file(at);
    const dup = await file(at);
    const elsewhere = await file(at, { company: '2' });
    const before = await snapshot(dup);

    const self = await mark(dup, dup);
    expect(self.statusCode).toBe(400);
    expect(self.json().errors.originalId).toBe('A request cannot be a duplicate of itself');
    expect((await mark(dup, 'abc')).statusCode).toBe(400);
    expect((await mark(dup, 0)).statusCode).toBe(400);
    const unknown = await mark(dup, 999_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.originalId).toBe('Original request not found');
    // Stale: someone changed it since it was read.
    expect((await mark(dup, original, operator, '2000-01-01T00:00:00.000Z')).statusCode).toBe(409);
    // A viewer may not; a company-linked account only inside its scope.
    expect((await mark(dup, original, viewer)).statusCode).toBe(403);
    const mine = await file(at, { company: '2' });
    const outOfScope = await mark(mine, original, companyTwo);
    expect(outOfScope.statusCode).toBe(400);
    expect(outOfScope.json().errors.originalId).toBe('Original request not found');
    expect(
      (
        await ctx().app.inject({
          method: 'POST',
          url: `/api/admin/repair-requests/${dup}/duplicate`,
          headers: companyTwo.headers,
          payload: { originalId: elsewhere, updatedAt: before.row.updatedAt },
        })
      ).statusCode,
    ).toBe(404);
    expect(await snapshot(dup)).toEqual(before);
    expect((await snapshot(mine)).row.duplicateOfId).toBeNull();

    // No chains: a duplicate is no original, and an original is no duplicate.
    expect((await mark(dup, original)).statusCode).toBe(200);
    const third = await file(at);
    const chain = await mark(third, dup);
    expect(chain.statusCode).toBe(400);
    expect(chain.json().errors.originalId).toMatch(/itself a duplicate/);
    expect((await mark(original, third)).statusCode).toBe(409);
    expect((await mark(dup, third)).statusCode).toBe(409);
    expect((await read(third)).status).toBe('open');
  });

  it('anonymising a duplicate removes its filer from the original and scrubs their waiting e-mails', async () => {
    const at = place();
    const original = await file(at);
    const dup = await file(at, { email: 'erase.me@example.com' });
    expect((await mark(dup, original)).statusCode).toBe(200);
    // A status e-mail to them waits on the original.
    const { updatedAt } = await read(original);
    await ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/repair-requests/${original}`,
      headers: operator.headers,
      payload: { status: 'in_progress', updatedAt },
    });
    const admin = await signedIn(ctx(), { role: 'admin' });
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${dup}/anonymize`,
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(original)).followerCount).toBe(0);
    const left = await ctx()
      .db.selectFrom('emailOutbox')
      .select(['id', 'status'])
      .where('toAddress', '=', 'erase.me@example.com')
      .execute();
    expect(left).toEqual([]);
    const waiting = await ctx()
      .db.selectFrom('emailOutbox')
      .select('id')
      .where('requestId', '=', original)
      .where('status', '=', 'pending')
      .where('toAddress', '=', '')
      .execute();
    expect(waiting).toEqual([]);
  });

  it('two operators marking the same request at once: one wins, the other gets 409', async () => {
    const at = place();
    const a = await file(at);
    const b = await file(at);
    const dup = await file(at);
    const { updatedAt } = await read(dup);
    const [first, second] = await Promise.all([mark(dup, a, operator, updatedAt), mark(dup, b, operator, updatedAt)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const events = await ctx()
      .db.selectFrom('requestEvents')
      .select('kind')
      .where('kind', '=', 'duplicate_linked')
      .where('notes', '=', `#${dup}`)
      .execute();
    expect(events).toHaveLength(1);
  });
});
