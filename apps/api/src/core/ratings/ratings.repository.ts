// Citizens' ratings of completed repairs (issue 35, decision 0050): the one write, the reads of
// the operators' detail, the report and the transparency page, and the comment's erasure when
// the request is anonymised. One row per request (its primary key), so a second insert stores nothing.
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { Scope } from '../requests/scope.ts';

export interface NewRating {
  requestId: number;
  score: number;
  comment: string | null;
  createdAt: string;
}

/** Stores the rating unless the request has one; answers whether it did (two at once: one of them). */
export async function insertRating(trx: Db | Trx, rating: NewRating): Promise<boolean> {
  const result = await trx
    .insertInto('requestRatings')
    .values(rating)
    .onConflict((oc) => oc.column('requestId').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function findRating(db: Db | Trx, requestId: number) {
  return db
    .selectFrom('requestRatings')
    .select(['score', 'comment', 'createdAt'])
    .where('requestId', '=', requestId)
    .executeTakeFirst();
}

/** Anonymising a request clears its rating's comment (a citizen's free text); the score stays. */
export async function clearRatingComments(trx: Trx, requestIds: number[]): Promise<void> {
  if (requestIds.length === 0) return;
  await trx
    .updateTable('requestRatings')
    .set({ comment: null })
    .where('requestId', 'in', requestIds)
    .where('comment', 'is not', null)
    .execute();
}

export interface CompanyRatings {
  companyId: number;
  count: number;
  /** The mean score, 1..5. */
  average: number;
}

/** Ratings given in [from, to) per company of the rated request, within `scope` (null: every company). */
export async function ratingsByCompany(
  db: Db,
  window: { from: string | null; to: string | null },
  scope: Scope = null,
): Promise<CompanyRatings[]> {
  let query = db
    .selectFrom('requestRatings as g')
    .innerJoin('repairRequests', 'repairRequests.id', 'g.requestId')
    .select((eb) => [
      'repairRequests.companyId as companyId',
      eb.fn.countAll<string | number>().as('count'),
      sql<string | number>`sum(g.score)`.as('total'),
    ])
    .groupBy('repairRequests.companyId');
  if (window.from) query = query.where('g.createdAt', '>=', window.from);
  if (window.to) query = query.where('g.createdAt', '<', window.to);
  if (scope !== null) {
    query =
      scope.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('repairRequests.companyId', 'in', scope);
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    companyId: r.companyId,
    count: Number(r.count),
    average: Number(r.total) / Number(r.count),
  }));
}
