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
  /** When its last stop was finished (0061). */
  doneAt: Generated<string | null>;
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
  /** With outcome 'not_possible' and reason 'not_ours': the company the crew proposed (0061). */
  proposedCompanyId: Generated<number | null>;
}

// The crew's side (migration 0061, decision 0068).
export interface MaterialsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  unit: string;
  active: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export interface WorkOrderStopMaterialsTable {
  stopId: number;
  materialId: number;
  quantity: number;
}

/** A photo a crew took, uploaded under the phone's key; `stopId` once a synced action names it. */
export interface CrewPhotosTable {
  id: Generated<number>;
  crewId: number;
  photoKey: string;
  stopId: number | null;
  width: number;
  height: number;
  byteSize: number;
  storage: 'db' | 'dir';
  storageKey: string | null;
  data: Buffer | null;
  thumb: Buffer | null;
  createdById: number | null;
  createdAt: string;
}

/** A synced action under its phone's key: a retry is answered from `answer`, never applied twice. */
export interface CrewActionsTable {
  id: Generated<number>;
  crewId: number;
  actionKey: string;
  stopId: number;
  kind: string;
  bodyHash: string;
  result: string;
  answer: string;
  accountId: number | null;
  occurredAt: string;
  createdAt: string;
}
