// SQL of the crew's sync (migration 0061, decision 0068): the actions kept by the phone's key,
// the stop and its work order as one crew may act on them, what an action writes on the stop,
// and the work order's state as its stops are finished.
import type { MaterialUse } from '@acende/shared/schemas/crew';
import type { Db, Trx } from '../../db/database.ts';

/** The action this crew synced under `key`, if any. */
export function findAction(db: Db | Trx, crewId: number, key: string) {
  return db
    .selectFrom('crewActions')
    .select(['id', 'stopId', 'bodyHash', 'result', 'answer'])
    .where('crewId', '=', crewId)
    .where('actionKey', '=', key)
    .executeTakeFirst();
}

/**
 * Claims the key in the action's transaction; undefined when another holds it. PostgreSQL
 * makes a concurrent claim wait for the first to end (the unique key), so the loser finds the
 * winner's row, or claims it afresh when the winner rolled back; SQLite has one writer.
 */
export async function claimAction(
  trx: Trx,
  values: {
    crewId: number;
    actionKey: string;
    stopId: number;
    kind: string;
    bodyHash: string;
    accountId: number;
    occurredAt: string;
    createdAt: string;
  },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('crewActions')
    .values({ ...values, result: 'applied', answer: '' })
    .onConflict((oc) => oc.columns(['crewId', 'actionKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function storeActionAnswer(trx: Trx, id: number, answer: string): Promise<void> {
  await trx.updateTable('crewActions').set({ answer }).where('id', '=', id).execute();
}

/**
 * The stop with its work order when the order is `crewId`'s and not cancelled, locking the
 * order's row for the transaction (PostgreSQL): two actions on one order take turns, so the
 * last stop's finish always sees the others and marks the order done.
 */
export async function lockCrewStop(db: Db | Trx, crewId: number, stopId: number, now: string) {
  const locked = await db
    .updateTable('workOrders')
    .set({ updatedAt: now })
    .where('id', '=', (eb) => eb.selectFrom('workOrderStops').select('workOrderId').where('id', '=', stopId))
    .where('crewId', '=', crewId)
    .where('state', '!=', 'cancelled')
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) !== 1) return undefined;
  // Read once the order is locked: what another action on it wrote is seen.
  return db
    .selectFrom('workOrderStops as s')
    .innerJoin('workOrders as w', 'w.id', 's.workOrderId')
    .select(['s.id', 's.requestId', 's.openRequestId', 's.workOrderId', 's.outcome', 'w.day', 'w.state', 'w.companyId'])
    .where('s.id', '=', stopId)
    .executeTakeFirst();
}

export async function markArrived(trx: Trx, stopId: number, at: string): Promise<void> {
  await trx
    .updateTable('workOrderStops')
    .set({ arrivedAt: at })
    .where('id', '=', stopId)
    .where('arrivedAt', 'is', null)
    .execute();
}

/** A planned order is under way from its first action. */
export async function startWorkOrder(trx: Trx, workOrderId: number): Promise<void> {
  await trx
    .updateTable('workOrders')
    .set({ state: 'in_progress' })
    .where('id', '=', workOrderId)
    .where('state', '=', 'planned')
    .execute();
}

/** Finishes the stop with its outcome; its request leaves the open work order (it may be planned again). */
export async function finishStop(
  trx: Trx,
  stopId: number,
  values: {
    outcome: 'fixed' | 'not_possible';
    at: string;
    reason: string | null;
    notes: string | null;
    proposedCompanyId: number | null;
  },
): Promise<void> {
  await trx
    .updateTable('workOrderStops')
    .set((eb) => ({
      outcome: values.outcome,
      finishedAt: values.at,
      reason: values.reason,
      notes: values.notes,
      proposedCompanyId: values.proposedCompanyId,
      openRequestId: null,
      // A fix was at the pole: its arrival is the fix's time when none was sent.
      arrivedAt: values.outcome === 'fixed' ? eb.fn.coalesce('arrivedAt', eb.val(values.at)) : eb.ref('arrivedAt'),
    }))
    .where('id', '=', stopId)
    .execute();
}

/** Of the materials named, those that are `companyId`'s and active. */
export function findActiveMaterials(trx: Trx, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('materials')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .where('companyId', '=', companyId)
    .where('active', '=', 1)
    .execute();
}

export async function insertStopMaterials(trx: Trx, stopId: number, materials: MaterialUse[]): Promise<void> {
  if (materials.length === 0) return;
  await trx
    .insertInto('workOrderStopMaterials')
    .values(materials.map((m) => ({ stopId, materialId: m.materialId, quantity: m.quantity })))
    .execute();
}

/** The crew's photos under `keys`, with the stop each is attached to. */
export function findCrewPhotos(trx: Trx, crewId: number, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('crewPhotos')
    .select(['id', 'photoKey', 'stopId'])
    .where('crewId', '=', crewId)
    .where('photoKey', 'in', keys)
    .execute();
}

/**
 * Attaches the photos still free (or already this stop's); false when another stop took one
 * meanwhile. PostgreSQL makes a concurrent attach wait for the first and then re-reads the row.
 */
export async function attachPhotos(trx: Trx, ids: number[], stopId: number): Promise<boolean> {
  if (ids.length === 0) return true;
  const result = await trx
    .updateTable('crewPhotos')
    .set({ stopId })
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('stopId', 'is', null), eb('stopId', '=', stopId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === ids.length;
}

/** The order's stops' outcomes and finishing times, to tell whether it is done. */
export function listStopOutcomes(trx: Trx, workOrderId: number) {
  return trx
    .selectFrom('workOrderStops')
    .select(['outcome', 'finishedAt', 'openRequestId'])
    .where('workOrderId', '=', workOrderId)
    .execute();
}

/** Marks the order done; false when it already was (or was cancelled). */
export async function markWorkOrderDone(trx: Trx, workOrderId: number, doneAt: string): Promise<boolean> {
  const result = await trx
    .updateTable('workOrders')
    .set({ state: 'done', doneAt })
    .where('id', '=', workOrderId)
    .where('state', 'in', ['planned', 'in_progress'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * When the request last left completed or cancelled (reopened by the citizen or the office), if
 * ever: a fix before then would close it at a time it was already closed and then reopened.
 */
export async function findLastReopen(trx: Trx, requestId: number): Promise<string | null> {
  const row = await trx
    .selectFrom('requestEvents')
    .select((eb) => eb.fn.max('createdAt').as('at'))
    .where('requestId', '=', requestId)
    .where('fromStatus', 'in', ['completed', 'cancelled'])
    .where('toStatus', 'not in', ['completed', 'cancelled'])
    .executeTakeFirst();
  return row?.at ?? null;
}
