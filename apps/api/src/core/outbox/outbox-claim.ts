// How a worker takes due rows of an outbox (e-mail's, the channels'): it sets a lease
// (claimed_until) on them and counts the attempt. On PostgreSQL the candidates are locked FOR
// UPDATE SKIP LOCKED, so several instances never claim the same row; SQLite has one writer, so
// the UPDATE is atomic. A crashed instance's rows come back when their lease runs out.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type OutboxTable = 'emailOutbox' | 'channelOutbox';

/** Claims up to `limit` due rows until `leaseUntil` (of one channel, for the channels' outbox). */
export async function claimDue<T extends OutboxTable>(
  db: Db,
  table: T,
  due: { now: string; leaseUntil: string; limit: number; channel?: string },
): Promise<Selectable<Database[T]>[]> {
  // The columns read and written are the same in both tables.
  const outbox = table as 'channelOutbox';
  // A materialized CTE is evaluated once: with `id IN (subquery LIMIT n)` PostgreSQL may
  // run the subquery again and claim more rows than asked.
  const rows = await db
    .with(
      (cte) => cte('due').materialized(),
      (qb) => {
        const picked = qb
          .selectFrom(outbox)
          .select('id')
          .where('status', '=', 'pending')
          .$if(due.channel !== undefined, (q) => q.where('channel', '=', due.channel as string))
          .where('nextAttemptAt', '<=', due.now)
          .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', due.now)]))
          .orderBy('nextAttemptAt')
          .orderBy('id')
          .limit(due.limit);
        return dialectOf(db) === 'postgres' ? picked.forUpdate().skipLocked() : picked;
      },
    )
    .updateTable(outbox)
    .set((eb) => ({ claimedUntil: due.leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id) as unknown as Selectable<Database[T]>[];
}
