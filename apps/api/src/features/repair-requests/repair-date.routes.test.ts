// The citizen's repair date (decision 0052), on both engines and both ways of filing (the
// prepared hot path and FAST_PATH=off): the filing's answer carries the due time the insert's
// trigger set (SQLite's AFTER INSERT trigger is not in RETURNING), the tracking read carries it
// while the work is on and says whether the request was transferred (which keeps it), and the
// confirmation e-mail names its day in the citizen's language.
import { REPAIR_TARGET_DEFAULTS } from '@acende/shared/schemas/repair-targets';
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { configureSmtp, drainOutbox } from '../../../test/email.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';

const HOUR = 3_600_000;
const plus = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();
/** The day of `iso` in São Paulo (UTC−3, no summer time since 2019), as dd/mm/yyyy. */
const saoPauloDay = (iso: string) => {
  const [y, m, d] = new Date(Date.parse(iso) - 3 * HOUR).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

interface Filed {
  id: number;
  trackingToken: string;
  dueAt: string | null;
}

function suite(ctx: () => TestContext) {
  let admin: TestAccount;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    admin = await signedIn(ctx(), { role: 'admin' });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const file = async (overrides: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...validRequest, ...overrides },
      headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Filed;
  };
  const track = async (id: number, token?: string) => {
    const res = await ctx().app.inject({ url: `/api/repair-requests/${id}${token ? `?t=${token}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const stored = (id: number) =>
    ctx()
      .db.selectFrom('repairRequests')
      .select(['createdAt', 'dueAt', 'updatedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const admin$ = async (method: 'PATCH' | 'POST' | 'PUT', url: string, payload: object) => {
    const res = await ctx().app.inject({ method, url, payload, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const setStatus = async (id: number, status: string) =>
    admin$('PATCH', `/api/admin/repair-requests/${id}`, { status, updatedAt: (await stored(id)).updatedAt });
  /** Moves the clock on; the admin signs in again, as sessions end after hours idle. */
  const advance = async (ms: number) => {
    ctx().clock.advance(ms);
    admin = await signedIn(ctx(), { role: 'admin' });
  };

  it('answers the filing with the due time its trigger stored: the company’s target, else the default', async () => {
    await admin$('PUT', '/api/admin/repair-targets', {
      defaults: REPAIR_TARGET_DEFAULTS,
      overrides: [{ companyId: 2, problemType: 'FALLEN_POLE', hours: 6 }],
    });
    const cases = [
      [{ problemType: 'LIGHT_OUT' }, 72],
      [{ problemType: 'FALLEN_POLE' }, 24],
      [{ problemType: 'FALLEN_POLE', company: '2' }, 6],
    ] as const;
    for (const [overrides, hours] of cases) {
      const filed = await file(overrides);
      const row = await stored(filed.id);
      expect(filed.dueAt, JSON.stringify(overrides)).toBe(plus(row.createdAt, hours * HOUR));
      expect(filed.dueAt).toBe(row.dueAt);
    }
    await admin$('PUT', '/api/admin/repair-targets', { defaults: REPAIR_TARGET_DEFAULTS, overrides: [] });
  });

  it('answers a retry of the same Idempotency-Key with the same due time', async () => {
    const key = { 'idempotency-key': `repair-date-${ctx().engine}-${Date.now()}` };
    const first = await file({ problemType: 'NO_LAMP' }, key);
    expect(first.dueAt).not.toBeNull();
    expect(await file({ problemType: 'NO_LAMP' }, key)).toEqual(first);
  });

  it('tracks the due time while the work is on, masked or not, also once it has passed', async () => {
    const filed = await file({ problemType: 'FALLEN_POLE' });
    expect(await track(filed.id)).toMatchObject({ masked: true, dueAt: filed.dueAt, transferred: false });
    expect(await track(filed.id, filed.trackingToken)).toMatchObject({ masked: false, dueAt: filed.dueAt });
    await setStatus(filed.id, 'in_progress');
    await advance(25 * HOUR);
    const late = await track(filed.id);
    expect(late).toMatchObject({ status: 'in_progress', dueAt: filed.dueAt });
    expect(Date.parse(late.dueAt)).toBeLessThan(ctx().clock.now().getTime());
  });

  it('gives no due time while cancelled (paused) and the one moved on by the pause when taken up again', async () => {
    const filed = await file();
    await setStatus(filed.id, 'cancelled');
    expect(await track(filed.id)).toMatchObject({ status: 'cancelled', dueAt: null, duplicateOf: null });
    await advance(10 * HOUR);
    await setStatus(filed.id, 'open');
    const resumed = await track(filed.id);
    // Ten hours, give or take the millisecond an update's time may be moved past the last one.
    expect(Math.abs(Date.parse(resumed.dueAt) - Date.parse(filed.dueAt as string) - 10 * HOUR)).toBeLessThan(1000);
  });

  it('says a transferred request was transferred, with its due time unchanged and without the reason', async () => {
    const filed = await file({ problemType: 'FALLEN_POLE', company: '1' });
    const reason = 'Poste da cooperativa vizinha';
    await admin$('POST', `/api/admin/repair-requests/${filed.id}/transfer`, {
      companyId: 2,
      reason,
      updatedAt: (await stored(filed.id)).updatedAt,
    });
    const tracked = await track(filed.id);
    expect(tracked).toMatchObject({ company: '2', transferred: true, dueAt: filed.dueAt });
    expect(JSON.stringify(tracked)).not.toContain(reason);
  });

  it('gives no due time once completed', async () => {
    const filed = await file();
    await setStatus(filed.id, 'completed');
    expect(await track(filed.id)).toMatchObject({ status: 'completed', dueAt: null, transferred: false });
  });

  it('names the repair day in the confirmation e-mail, in the citizen’s language', async () => {
    await configureSmtp(ctx(), smtp);
    for (const [language, line] of [
      ['pt', 'Previsão de reparo: até'],
      ['en', 'Expected repair: by'],
    ] as const) {
      const to = `repair-date-${language}-${ctx().engine}-${Date.now()}@example.com`;
      const filed = await file({ email: to, problemType: 'FALLEN_POLE' }, { 'accept-language': language });
      await drainOutbox(ctx());
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to));
      const expected = `${line} ${saoPauloDay(filed.dueAt as string)}.`;
      expect(mail.text).toContain(expected);
      expect(mail.html).toContain(expected);
    }
  });
}

describeEachEngine('the citizen’s repair date', suite);
describeEachEngine('the citizen’s repair date (FAST_PATH=off)', suite, { env: { FAST_PATH: 'off' } });
