// The wizard map's pole layer (issue 21): the poles of the visible box, or counts by cell
// when it holds more than a map can show. The box is read as Leaflet writes it
// (minLng,minLat,maxLng,maxLat) and judged here, so every bad one is a clear 4xx.
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { PoleCluster, PoleLayer } from '@acende/shared/schemas/poles';
import type { AppDeps } from '../../app-deps.ts';
import { type Box, type CellCount, countPolesByCell, listPolesInBox, sumPoleCells } from './poles-map.repository.ts';

/** The most poles one answer draws; a box holding more is answered with clusters. */
export const LAYER_POLE_CAP = 500;
/** The widest box, in degrees a side (about 440 km): the map asks for no layer further out. */
export const MAX_BOX_SPAN = 4;
/** About how many cells a clustered answer divides the box into (a 6 × 8 grid on a phone). */
const TARGET_CELLS = 48;
/** The stored cell (pole_cells, migration 0026): 0.01° a side. */
const STORED_CELL = 0.01;

const NUMBER = /^[-+]?\d{1,3}(\.\d{1,20})?$/;

/** Reads `bbox=minLng,minLat,maxLng,maxLat`; answers the box or the message key of what is wrong. */
export function parseBox(text: string): Box | MessageKey {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 4 || !parts.every((part) => NUMBER.test(part))) return 'public-poles.validation.bbox.invalid';
  const [minLng, minLat, maxLng, maxLat] = parts.map(Number) as [number, number, number, number];
  if (![minLng, maxLng].every((n) => n >= -180 && n <= 180) || ![minLat, maxLat].every((n) => n >= -90 && n <= 90)) {
    return 'public-poles.validation.bbox.range';
  }
  if (minLng >= maxLng || minLat >= maxLat) return 'public-poles.validation.bbox.order';
  if (maxLng - minLng > MAX_BOX_SPAN || maxLat - minLat > MAX_BOX_SPAN) return 'public-poles.validation.bbox.tooLarge';
  return { minLng, minLat, maxLng, maxLat };
}

/**
 * The cluster cell for a box: 0.01° × 2^k, the smallest that cuts the box into at most
 * TARGET_CELLS cells. A ladder, not the box's own fraction, so cells line up from one view
 * to the next and a cluster does not jump as the map pans.
 */
export function clusterCellSize(box: Box): number {
  let size = STORED_CELL / 32;
  const cells = (s: number) => Math.ceil((box.maxLat - box.minLat) / s) * Math.ceil((box.maxLng - box.minLng) / s);
  while (cells(size) > TARGET_CELLS) size *= 2;
  return size;
}

function toCluster(row: CellCount, averaged: boolean): PoleCluster {
  const count = Number(row.n);
  const latitude = Number(row.latitude);
  const longitude = Number(row.longitude);
  // pole_cells keeps sums; the poles' own grouping answers averages.
  return averaged
    ? { latitude, longitude, count }
    : { latitude: latitude / count, longitude: longitude / count, count };
}

export async function readPoleLayer(deps: AppDeps, box: Box): Promise<PoleLayer> {
  const size = clusterCellSize(box);
  if (size < STORED_CELL) {
    // A small box (a street, a block): its poles, stopping one past the cap; past it, the
    // counts come from the poles themselves (a few thousand index entries at most).
    const poles = await listPolesInBox(deps.db, box, LAYER_POLE_CAP + 1);
    if (poles.length <= LAYER_POLE_CAP) return { poles, clusters: [] };
    return { poles: [], clusters: (await countPolesByCell(deps.db, box, size)).map((row) => toCluster(row, true)) };
  }
  // A wide box (a district, a city): the counts first, from pole_cells. They count the
  // cells its edges cross whole, so they are at least the box's poles: when even they are
  // few, the poles are read; otherwise the counts are the answer, and no pole is read.
  const clusters = (await sumPoleCells(deps.db, box, Math.round(size / STORED_CELL))).map((row) =>
    toCluster(row, false),
  );
  if (clusters.reduce((sum, c) => sum + c.count, 0) <= LAYER_POLE_CAP) {
    return { poles: await listPolesInBox(deps.db, box, LAYER_POLE_CAP), clusters: [] };
  }
  return { poles: [], clusters };
}
