// Issue 33 item 2 (decision 0043): anonymising, on demand or by the sweep, clears what the
// citizen wrote (the reference, their reopen notes, also in the audit row that quoted one)
// and cuts the address to street and area.
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { fileTracked, setStatusAsAdmin, validRequest } from '../../../test/requests.ts';
import { monthsBefore, runRetentionOnce } from './retention.service.ts';

const DAY = 86_400_000;
const PHONE = '11 91234-5678';
const REFERENCE = `perto da padaria, ligar ${PHONE}`;
const NOTE = `Apagou de novo, me liga no ${PHONE}`;
const CUT = 'Rua dos Andradas, Centro Histórico, Porto Alegre, RS';

describeEachEngine('anonymising the citizen’s free text', (ctx) => {
  let admin: TestAccount;
  const db = () => ctx().db;

  const file = () => fileTracked(ctx().app, { reference: REFERENCE });
  const setStatus = async (id: number, status: string) => {
    admin = await setStatusAsAdmin(ctx(), id, status);
  };
  /** Filed, completed, reopened by the citizen with a note carrying a phone, completed again. */
  const reopenedWithNote = async () => {
    const { id, trackingToken } = await file();
    await setStatus(id, 'completed');
    const reopen = await ctx().app.inject({
      method: 'POST',
      url: `/api/repair-requests/${id}/reopen`,
      payload: { token: trackingToken, note: NOTE },
    });
    expect(reopen.statusCode, reopen.body).toBe(200);
    await setStatus(id, 'completed');
    return { id, trackingToken };
  };
  const stored = async (id: number) => ({
    row: await db()
      .selectFrom('repairRequests')
      .select(['address', 'reference'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    notes: (
      await db()
        .selectFrom('requestEvents')
        .select('notes')
        .where('requestId', '=', id)
        .where('kind', '=', 'reopened')
        .execute()
    ).map((e) => e.notes),
    audit: (
      await db()
        .selectFrom('auditLog')
        .select('after')
        .where('kind', '=', 'request.reopen')
        .where('objectId', '=', String(id))
        .execute()
    ).map((a) => a.after),
  });
  const expectScrubbed = async (id: number, trackingToken: string) => {
    const after = await stored(id);
    expect(after.row).toEqual({ address: CUT, reference: null });
    expect(after.notes).toEqual([null]);
    expect(after.audit).toHaveLength(1);
    expect(after.audit[0]).not.toContain('91234');
    expect(JSON.parse(after.audit[0] as string)).toEqual({ status: 'open', closedAt: null });
    // The filer's own link shows the cut address too: nothing is kept to show.
    const track = await ctx().app.inject({ url: `/api/repair-requests/${id}?t=${trackingToken}` });
    expect(track.json()).toMatchObject({ address: CUT, reference: null });
    const detail = await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers });
    expect(detail.body).not.toContain('91234');
    expect(detail.body).not.toContain('1234 -');
  };

  it('on demand: the reference and reopen notes go, the address is cut to street and area', async () => {
    const { id, trackingToken } = await reopenedWithNote();
    const before = await stored(id);
    expect(before.row).toEqual({ address: validRequest.address, reference: REFERENCE });
    expect(before.notes).toEqual([NOTE]);
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/anonymize`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectScrubbed(id, trackingToken);
  });

  it('by the sweep: the same, and a request not yet due keeps its text', async () => {
    const due = await reopenedWithNote();
    const kept = await reopenedWithNote();
    const old = monthsBefore(ctx().clock.now(), 25).toISOString();
    await db().updateTable('repairRequests').set({ closedAt: old }).where('id', '=', due.id).execute();
    expect((await runRetentionOnce(ctx().app.deps)).anonymized).toBe(1);
    await expectScrubbed(due.id, due.trackingToken);
    const untouched = await stored(kept.id);
    expect(untouched.row).toEqual({ address: validRequest.address, reference: REFERENCE });
    expect(untouched.notes).toEqual([NOTE]);
    expect(untouched.audit[0]).toContain('91234');
    ctx().clock.advance(DAY);
  });

  it('takes the area from the geocoder when it named one', async () => {
    const { id } = await file();
    await db()
      .updateTable('repairRequests')
      .set({
        address: '1234, Rua dos Andradas, Centro, Porto Alegre, 90020-008, Brasil',
        district: 'Centro Histórico',
        city: 'Porto Alegre',
      })
      .where('id', '=', id)
      .execute();
    admin = await signedIn(ctx(), { role: 'admin' });
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${id}/anonymize`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(id)).row.address).toBe('Rua dos Andradas, Centro Histórico, Porto Alegre');
  });
});
