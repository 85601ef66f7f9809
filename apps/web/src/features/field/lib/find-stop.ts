// A stop of the day by its id, with its work order (the queue names stops by id only).
import type { CrewDay, CrewStop, CrewWorkOrder } from '@acende/shared/schemas/crew';

export function findStop(day: CrewDay, stopId: number): { stop: CrewStop; order: CrewWorkOrder } | undefined {
  for (const order of day.workOrders) {
    const stop = order.stops.find((entry) => entry.id === stopId);
    if (stop) return { stop, order };
  }
  return undefined;
}
