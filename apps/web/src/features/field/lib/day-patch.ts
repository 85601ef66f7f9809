// The day as the server now has it after a sync: each stop the answers carry (applied,
// replayed or in conflict: the request as it is now) takes the place of the one downloaded,
// so a stop done and sent does not look undone until the day is fetched again.
import type { CrewActionResult, CrewDay, CrewStop } from '@acende/shared/schemas/crew';

export function stopsOf(results: readonly CrewActionResult[]): CrewStop[] {
  return results.flatMap((result) => (result.stop ? [result.stop] : []));
}

/** `day` with `stops` in place of the ones of the same id; the same object when none is in it. */
export function patchDay(day: CrewDay, stops: readonly CrewStop[]): CrewDay {
  const byId = new Map(stops.map((stop) => [stop.id, stop]));
  if (!day.workOrders.some((order) => order.stops.some((stop) => byId.has(stop.id)))) return day;
  return {
    ...day,
    workOrders: day.workOrders.map((order) => ({
      ...order,
      stops: order.stops.map((stop) => byId.get(stop.id) ?? stop),
    })),
  };
}
