// The tables of energy companies and their poles, with the map's and the nearby search's
// indexes the triggers keep (db/schema.ts).
import type { Generated } from 'kysely';

export interface EnergyCompaniesTable {
  id: Generated<number>;
  name: string;
  fullName: string;
  colorClass: Generated<string>;
  iconClass: Generated<string>;
  active: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export interface PolesTable {
  id: Generated<number>;
  companyId: number;
  /** Unique within the company (decision 20); upper case, see poleNumberSchema. */
  number: string;
  latitude: number;
  longitude: number;
  street: string | null;
  description: string | null;
  active: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** Active poles per 0.01° cell and company, kept by triggers (migration 0026): the map's clusters. */
export interface PoleCellsTable {
  cellLat: number;
  cellLng: number;
  companyId: number;
  n: number;
  latSum: number;
  lngSum: number;
}

/** SQLite only: the R*Tree of active poles (migration 0026); PostgreSQL has a GiST index instead. */
export interface PolesRtreeTable {
  id: number;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
  companyId: number;
}
