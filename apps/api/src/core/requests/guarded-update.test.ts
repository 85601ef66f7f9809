import { beforeAll, expect } from 'vitest';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { seedRequests } from '../../db/seed-requests.ts';
import { updateRequestIfSeen } from './guarded-update.ts';

describeEachEngine('a guarded request update', (ctx) => {
  beforeAll(async () => {
    await seedRequests(ctx().db, { count: 3, now: ctx().clock.now(), seed: 3 });
  });

  it('writes when the row is as seen, and refuses a write seen before that change', async () => {
    const { db } = ctx();
    const row = await db
      .selectFrom('repairRequests')
      .select(['id', 'updatedAt'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const later = new Date(Date.parse(row.updatedAt) + 1000).toISOString();
    const first = await db
      .transaction()
      .execute((trx) => updateRequestIfSeen(trx, row.id, row.updatedAt, { notes: 'first', updatedAt: later }));
    expect(first).toBe(true);
    // A second writer that read the row before the first write lands nothing.
    const stale = await db
      .transaction()
      .execute((trx) => updateRequestIfSeen(trx, row.id, row.updatedAt, { notes: 'stale', updatedAt: later }));
    expect(stale).toBe(false);
    const after = await db
      .selectFrom('repairRequests')
      .select('notes')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.notes).toBe('first');
    expect(
      await db
        .transaction()
        .execute((trx) => updateRequestIfSeen(trx, 999_999, later, { notes: 'x', updatedAt: later })),
    ).toBe(false);
  });
});
