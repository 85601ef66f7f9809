// The dispatch board (issue 37): for one day, each crew's work orders with their stops counted
// (fixed, not possible, still to visit), the late ones, the first arrival and the last finish;
// and the active crews with no work order that day. Two reads, whatever the number of crews.
import type {
  BoardCrew,
  BoardQuery,
  BoardWorkOrder,
  DispatchBoard,
  WorkOrderState,
} from '@acende/shared/schemas/work-orders';
import type { AppDeps } from '../../app-deps.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { listCrews } from './crews.repository.ts';
import { listDayStops } from './work-orders.board.repository.ts';

type StopRow = Awaited<ReturnType<typeof listDayStops>>[number];
type Counts = Omit<BoardWorkOrder, 'id' | 'state'>;

const emptyCounts = (): Counts => ({
  stops: 0,
  fixed: 0,
  notPossible: 0,
  pending: 0,
  late: 0,
  firstArrival: null,
  lastFinish: null,
});

const time = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));

/** A stop is late when it is not finished past its request's due time, or was finished after it. */
export function isLateStop(stop: Pick<StopRow, 'dueAt' | 'finishedAt'>, now: number): boolean {
  const due = time(stop.dueAt);
  if (Number.isNaN(due)) return false;
  return stop.finishedAt === null ? due < now : time(stop.finishedAt) > due;
}

const earlier = (a: string | null, b: string | null) => (a === null || (b !== null && time(b) < time(a)) ? b : a);
const later = (a: string | null, b: string | null) => (a === null || (b !== null && time(b) > time(a)) ? b : a);

function addStop(counts: Counts, stop: StopRow, now: number, cancelled: boolean): void {
  counts.stops += 1;
  if (stop.outcome === 'fixed') counts.fixed += 1;
  else if (stop.outcome === 'not_possible') counts.notPossible += 1;
  else counts.pending += 1;
  // A cancelled order's stops left undone are nobody's lateness.
  if (!cancelled && isLateStop(stop, now)) counts.late += 1;
  counts.firstArrival = earlier(counts.firstArrival, stop.arrivedAt);
  counts.lastFinish = later(counts.lastFinish, stop.finishedAt);
}

function addOrder(into: Counts, order: Counts): void {
  into.stops += order.stops;
  into.fixed += order.fixed;
  into.notPossible += order.notPossible;
  into.pending += order.pending;
  into.late += order.late;
  into.firstArrival = earlier(into.firstArrival, order.firstArrival);
  into.lastFinish = later(into.lastFinish, order.lastFinish);
}

/** Each work order of the rows, its stops counted, by crew. */
function ordersByCrew(rows: StopRow[], now: number): Map<number, BoardWorkOrder[]> {
  const orders = new Map<number, BoardWorkOrder>();
  const byCrew = new Map<number, BoardWorkOrder[]>();
  for (const row of rows) {
    let order = orders.get(row.workOrderId);
    if (!order) {
      order = { id: row.workOrderId, state: row.state as WorkOrderState, ...emptyCounts() };
      orders.set(row.workOrderId, order);
      const list = byCrew.get(row.crewId);
      if (list) list.push(order);
      else byCrew.set(row.crewId, [order]);
    }
    if (row.stopId !== null) addStop(order, row, now, order.state === 'cancelled');
  }
  return byCrew;
}

export async function getDispatchBoard(deps: AppDeps, admin: AuthAdmin, query: BoardQuery): Promise<DispatchBoard> {
  const scope = companyScope(admin);
  const [crews, rows] = await Promise.all([
    listCrews(deps.db, scope, query.companyId),
    listDayStops(deps.db, scope, query.day, query.companyId),
  ]);
  const byCrew = ordersByCrew(rows, deps.clock.now().getTime());
  const board: DispatchBoard = { day: query.day, crews: [], idle: [] };
  for (const crew of crews) {
    const base = { id: crew.id, name: crew.name, companyId: crew.companyId, companyName: crew.companyName };
    const workOrders = byCrew.get(crew.id);
    if (!workOrders) {
      if (crew.active === 1) board.idle.push(base);
      continue;
    }
    const totals = emptyCounts();
    for (const order of workOrders) if (order.state !== 'cancelled') addOrder(totals, order);
    const row: BoardCrew = { ...base, active: crew.active === 1, ...totals, workOrders };
    board.crews.push(row);
  }
  return board;
}
