// The field work's tables (issue 37, migration 0060): crews, work orders and their stops.
import type { Generated } from 'kysely';

export interface CrewsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  active: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export interface WorkOrdersTable {
  id: Generated<number>;
  companyId: number;
  crewId: number;
  /** The local day the work is for, YYYY-MM-DD. */
  day: string;
  state: Generated<string>;
  startLat: number | null;
  startLng: number | null;
  overdueFirst: Generated<number>;
  routeMetres: Generated<number>;
  createdById: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface WorkOrderStopsTable {
  id: Generated<number>;
  workOrderId: number;
  requestId: number;
  position: number;
  /** The request's id while its work order is open, else null: unique, so one open order per request. */
  openRequestId: number | null;
  arrivedAt: Generated<string | null>;
  finishedAt: Generated<string | null>;
  outcome: Generated<string | null>;
  reason: Generated<string | null>;
  notes: Generated<string | null>;
}
