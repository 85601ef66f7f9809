// Work orders (issue 37, decision 0067): a supervisor (an admin, or an operator of the crew's
// company) groups open requests into one crew's day, by selection or by area; the stops are
// ordered as a route; a request is in at most one open work order, which the database keeps
// (a unique column) even when two supervisors take the same request at once.
import { orderRoute, routeMetres } from '@acende/shared/route-order';
import {
  WORK_ORDER_MAX_STOPS,
  type WorkOrder,
  type WorkOrderState,
  type WorkOrderSummary,
  type WorkOrderValues,
} from '@acende/shared/schemas/work-orders';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { mayActFor, readCrew } from './crews.service.ts';
import { readStopRecords } from './stop-records.service.ts';
import {
  cancelWorkOrderRow,
  findAreaCandidates,
  findCandidates,
  findWorkOrder,
  insertWorkOrder,
  listStops,
  listWorkOrders,
} from './work-orders.repository.ts';

type Candidate = Awaited<ReturnType<typeof findCandidates>>[number];

const WORKABLE = new Set(['open', 'in_progress']);

const isOverdue = (dueAt: string | null, now: Date) => dueAt !== null && Date.parse(dueAt) < now.getTime();

function unavailable(ids: number[]): AppError {
  return new AppError('admin-work.errors.requestsUnavailable', 409, { count: ids.length, ids: ids.join(', ') });
}

/** The requests the input names, each checked: the crew's company's, open or in progress, in no open work order. */
async function chosenRequests(deps: AppDeps, companyId: number, input: WorkOrderValues): Promise<Candidate[]> {
  if (input.area) {
    const found = await findAreaCandidates(deps.db, companyId, input.area, WORK_ORDER_MAX_STOPS + 1);
    if (found.length > WORK_ORDER_MAX_STOPS) {
      throw new AppError('admin-work.errors.tooManyStops', 400, {
        max: WORK_ORDER_MAX_STOPS,
        found: `${found.length}+`,
      });
    }
    if (found.length === 0) throw new AppError('admin-work.errors.noRequests', 400);
    return found;
  }
  const ids = input.requestIds ?? [];
  const found = await findCandidates(deps.db, ids);
  const byId = new Map(found.map((row) => [row.id, row]));
  // A request of another company is named like one that is taken: nothing tells a supervisor more.
  const refused = ids.filter((id) => {
    const row = byId.get(id);
    return !row || row.companyId !== companyId || !WORKABLE.has(row.status) || row.openWorkOrderId !== null;
  });
  if (refused.length > 0) throw unavailable(refused);
  return ids.map((id) => byId.get(id) as Candidate);
}

/** Makes a work order for a crew and a day; its stops in route order (nearest neighbour, overdue first if asked). */
export async function createWorkOrder(
  deps: AppDeps,
  admin: AuthAdmin,
  input: WorkOrderValues,
  actor: AuditActor,
): Promise<WorkOrder> {
  const crew = await readCrew(deps, admin, input.crewId);
  if (!crew.active) throw conflict('admin-work.errors.crewInactive');
  const requests = await chosenRequests(deps, crew.companyId, input);
  const now = deps.clock.now();
  const start = input.start ?? null;
  const overdueFirst = input.overdueFirst ?? false;
  const route = orderRoute(
    requests.map((r) => ({
      id: r.id,
      lat: Number(r.latitude),
      lng: Number(r.longitude),
      overdue: isOverdue(r.dueAt, now),
    })),
    start,
    overdueFirst,
  );
  const stamp = now.toISOString();
  let id: number;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      const newId = await insertWorkOrder(
        trx,
        {
          companyId: crew.companyId,
          crewId: crew.id,
          day: input.day,
          startLat: start?.lat ?? null,
          startLng: start?.lng ?? null,
          overdueFirst: overdueFirst ? 1 : 0,
          routeMetres: Math.round(routeMetres(route, start)),
          createdById: admin.id,
          createdAt: stamp,
          updatedAt: stamp,
        },
        route.map((stop) => stop.id),
      );
      await recordAudit(
        trx,
        actor,
        {
          kind: 'work-order.create',
          objectType: 'work_order',
          objectId: newId,
          after: { crewId: crew.id, day: input.day, requestIds: route.map((stop) => stop.id) },
        },
        stamp,
      );
      return newId;
    });
  } catch (error) {
    // Another supervisor took one of them meanwhile: name which, as the check above would have.
    if (!isUniqueViolation(error)) throw error;
    const taken = await findCandidates(
      deps.db,
      route.map((stop) => stop.id),
    );
    throw unavailable(taken.filter((row) => row.openWorkOrderId !== null).map((row) => row.id));
  }
  return getWorkOrder(deps, admin, id);
}

/** The work order with its stops in order, when `admin` may see its company's work; else a 404. */
export async function getWorkOrder(deps: AppDeps, admin: AuthAdmin, id: number): Promise<WorkOrder> {
  const row = await findWorkOrder(deps.db, id);
  if (!row || !mayActFor(admin, row.companyId)) throw notFound('admin-work.errors.workOrderNotFound');
  const now = deps.clock.now();
  const [stops, recordsOf] = await Promise.all([listStops(deps.db, id), readStopRecords(deps, id)]);
  return {
    ...row,
    state: row.state as WorkOrderState,
    overdueFirst: row.overdueFirst === 1,
    stops: stops.map((stop) => ({
      ...stop,
      latitude: Number(stop.latitude),
      longitude: Number(stop.longitude),
      overdue: WORKABLE.has(stop.status) && isOverdue(stop.dueAt, now),
      outcome: stop.outcome as WorkOrder['stops'][number]['outcome'],
      reason: stop.reason as WorkOrder['stops'][number]['reason'],
      ...recordsOf(stop.id),
    })),
  };
}

export async function listDayWorkOrders(
  deps: AppDeps,
  admin: AuthAdmin,
  filter: { day?: string; crewId?: number },
): Promise<WorkOrderSummary[]> {
  const rows = await listWorkOrders(deps.db, companyScope(admin), filter);
  return rows.map((row) => ({
    ...row,
    state: row.state as WorkOrderState,
    stops: Number(row.stops),
    done: Number(row.done),
  }));
}

/** Cancels a planned or started work order: its unfinished requests may go into another. */
export async function cancelWorkOrder(
  deps: AppDeps,
  admin: AuthAdmin,
  id: number,
  actor: AuditActor,
): Promise<WorkOrder> {
  const before = await getWorkOrder(deps, admin, id);
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await cancelWorkOrderRow(trx, id, now))) throw conflict('admin-work.errors.workOrderClosed');
    await recordAudit(
      trx,
      actor,
      {
        kind: 'work-order.cancel',
        objectType: 'work_order',
        objectId: id,
        before: { state: before.state },
        after: { state: 'cancelled' },
      },
      now,
    );
  });
  return getWorkOrder(deps, admin, id);
}
