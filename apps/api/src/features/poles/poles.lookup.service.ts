// The public side of a pole (issue 21): finding it by its company and number (the QR label's
// address, a number typed in the wizard), and checking the pole a citizen files about.
import type { PoleLookup } from '@acende/shared/schemas/poles';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { perOwner, readByKeyPerInstant } from '../../hot-path/hot-path.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findActivePoleByNumber, findActivePoles } from './poles.lookup.repository.ts';

/** An active pole of an active company by its (normalised) number; 404 otherwise. */
export async function lookUpPole(deps: AppDeps, companyId: number, number: string): Promise<PoleLookup> {
  const pole = await findActivePoleByNumber(deps.db, companyId, number);
  if (!pole) throw notFound('public-poles.errors.poleNotFound');
  return {
    id: pole.id,
    companyId: pole.companyId,
    number: pole.number,
    latitude: Number(pole.latitude),
    longitude: Number(pole.longitude),
    companyName: pole.companyName,
    street: pole.street,
    openRequestId: pole.openRequestId == null ? null : Number(pole.openRequestId),
  };
}

/**
 * The pole a filing names, which must be in service and belong to the chosen company
 * (422 otherwise): its id and number, as the request stores them.
 */
export async function poleForFiling(
  deps: AppDeps,
  poleId: number,
  companyId: number,
): Promise<{ id: number; number: string }> {
  const pole = await activePoleOf(deps.db)(poleId);
  if (!pole || pole.companyId !== companyId) {
    throw new AppError('public-poles.errors.poleUnavailable', 422, undefined, {
      pole: 'public-poles.errors.poleUnavailable',
    });
  }
  return { id: pole.id, number: pole.number };
}

/** The filings of one instant that name a pole read theirs in one query (issue 40). */
const activePoleOf = perOwner((db: Db) => readByKeyPerInstant((ids: number[]) => findActivePoles(db, ids)));
