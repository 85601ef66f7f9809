// What a crew account's phone downloads for a day (decision 0068): its own crew's work orders
// only, each stop with what the pole needs. A stop whose request left the company (a transfer)
// is listed without its details; the citizen's name, e-mail and phone are never read.
import { maskContactsInText } from '@acende/shared/free-text-mask';
import type { CrewDay, CrewStop } from '@acende/shared/schemas/crew';
import type { NotPossibleReason, StopOutcome, WorkOrderState } from '@acende/shared/schemas/work-orders';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import type { Db, Trx } from '../../db/database.ts';
import { forbidden } from '../../lib/errors.ts';
import {
  type CrewStopRow,
  findCrew,
  findStopRow,
  listActiveMaterials,
  listCrewWorkOrders,
  listOrderStops,
  listOtherCompanies,
} from './crew-day.repository.ts';

const IN_HAND = new Set(['open', 'in_progress']);

/** A stop as the crew sees it; `companyId` is the crew's company, whose requests only are told in full. */
export function toCrewStop(row: CrewStopRow, companyId: number, now: Date): CrewStop {
  const inScope = row.requestCompanyId === companyId;
  return {
    id: row.id,
    position: row.position,
    requestId: row.requestId,
    inScope,
    status: row.status,
    updatedAt: row.updatedAt,
    // A citizen may type a phone number into the address or the reference (decision 0043).
    address: inScope ? maskContactsInText(row.address) : '',
    reference: inScope ? maskContactsInText(row.reference) : null,
    problemType: row.problemType,
    description: inScope ? row.description : null,
    poleNumber: inScope ? row.poleNumber : null,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    dueAt: row.dueAt,
    overdue: IN_HAND.has(row.status) && row.dueAt !== null && Date.parse(row.dueAt) < now.getTime(),
    arrivedAt: row.arrivedAt,
    finishedAt: row.finishedAt,
    outcome: row.outcome as StopOutcome | null,
    reason: row.reason as NotPossibleReason | null,
    notes: row.notes,
  };
}

/** The stop as it is now, as its crew sees it (null when it no longer exists). */
export async function readCrewStop(db: Db | Trx, stopId: number, companyId: number, now: Date) {
  const row = await findStopRow(db, stopId);
  return row ? toCrewStop(row, companyId, now) : null;
}

/** The signed-in crew account's crew; a crew account always has one (decision 0068). */
export async function crewOfAccount(db: Db | Trx, admin: AuthAdmin) {
  const crew = admin.crewId == null ? undefined : await findCrew(db, admin.crewId);
  if (!crew) throw forbidden();
  return crew;
}

export async function getCrewDay(deps: AppDeps, admin: AuthAdmin, day: string): Promise<CrewDay> {
  const crew = await crewOfAccount(deps.db, admin);
  const now = deps.clock.now();
  const orders = await listCrewWorkOrders(deps.db, crew.id, day);
  const stops = await listOrderStops(
    deps.db,
    orders.map((order) => order.id),
  );
  const materials = await listActiveMaterials(deps.db, crew.companyId);
  return {
    day,
    crew: { id: crew.id, name: crew.name, companyId: crew.companyId, companyName: crew.companyName },
    workOrders: orders.map((order) => ({
      ...order,
      state: order.state as WorkOrderState,
      stops: stops.filter((stop) => stop.workOrderId === order.id).map((stop) => toCrewStop(stop, crew.companyId, now)),
    })),
    materials: materials.map((material) => ({ ...material, active: material.active === 1 })),
    companies: await listOtherCompanies(deps.db, crew.companyId),
  };
}
