// What a crew recorded at the stops (decision 0068), for the office: the materials and photos of a
// work order's stops, grouped by stop, and a photo's bytes for an account in the order's company
// scope. The photos live in the citizens' photo store (decision 0033) and are served the same way.
import type { PhotoSize } from '@acende/shared/schemas/photos';
import type { StopMaterial, StopPhoto } from '@acende/shared/schemas/work-orders';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { readBytes } from '../photos/photos.store.ts';
import { mayActFor } from './crews.service.ts';
import { findStopPhotoBytes, listStopMaterials, listStopPhotos } from './stop-records.repository.ts';
import { findWorkOrder } from './work-orders.repository.ts';

export interface StopRecords {
  materials: StopMaterial[];
  photos: StopPhoto[];
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The order's materials and photos in two queries, whatever its number of stops; `of(stopId)` picks a stop's. */
export async function readStopRecords(deps: AppDeps, workOrderId: number): Promise<(stopId: number) => StopRecords> {
  const [materials, photos] = await Promise.all([
    listStopMaterials(deps.db, workOrderId),
    listStopPhotos(deps.db, workOrderId),
  ]);
  const materialsByStop = new Map<number, StopMaterial[]>();
  for (const m of materials) {
    push(materialsByStop, Number(m.stopId), { name: m.name, unit: m.unit, quantity: Number(m.quantity) });
  }
  const photosByStop = new Map<number, StopPhoto[]>();
  for (const p of photos) {
    push(photosByStop, Number(p.stopId), { id: Number(p.id), width: Number(p.width), height: Number(p.height) });
  }
  return (stopId) => ({ materials: materialsByStop.get(stopId) ?? [], photos: photosByStop.get(stopId) ?? [] });
}

/**
 * A crew photo's JPEG, when it is attached to a stop of the work order and `admin` may see the
 * order's company. Another company's order is a 404 as a missing one; so is a photo of another order.
 */
export async function readWorkOrderPhoto(
  deps: AppDeps,
  admin: AuthAdmin,
  workOrderId: number,
  photoId: number,
  size: PhotoSize,
): Promise<Buffer> {
  const order = await findWorkOrder(deps.db, workOrderId);
  if (!order || !mayActFor(admin, order.companyId)) throw notFound('admin-work.errors.workOrderNotFound');
  const row = await findStopPhotoBytes(deps.db, workOrderId, photoId, size);
  if (!row) throw notFound('admin-work.errors.photoNotFound');
  const bytes = await readBytes(deps.config, row, size);
  if (!bytes) throw notFound('admin-work.errors.photoNotFound');
  return bytes;
}
