// What one synced action does at its stop (decision 0068), inside the action's transaction:
// `arrive` records the arrival; `fix` completes the request through the operators' own
// applyRequestChange at the crew's time, with the materials and photos; `not_possible` leaves
// the request open with a history note. The last stop finished makes the order done and
// queues its `work_order.done` webhook.
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { CrewAction } from '@acende/shared/schemas/crew';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import { findRequest } from '../../core/requests/request-detail.repository.ts';
import { queueWebhookEvents } from '../../core/webhooks/webhook-queue.ts';
import type { Trx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { applyRequestChange, type ChangeMaker } from '../admin-requests/admin-requests.change.service.ts';
import type { findCrew } from './crew-day.repository.ts';
import {
  attachPhotos,
  findActiveMaterials,
  findCrewPhotos,
  finishStop,
  insertStopMaterials,
  listStopOutcomes,
  type lockCrewStop,
  markArrived,
  markWorkOrderDone,
  startWorkOrder,
} from './crew-sync.repository.ts';

export type Crew = NonNullable<Awaited<ReturnType<typeof findCrew>>>;
export type LockedStop = NonNullable<Awaited<ReturnType<typeof lockCrewStop>>>;
type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** Who acts: the crew account, its crew, and the audit's actor. */
export interface CrewActor {
  admin: AuthAdmin;
  crew: Crew;
  actor: AuditActor;
}

const refuse = (code: Parameters<typeof translate>[1], params?: Record<string, unknown>) =>
  new AppError(code, 422, params);

/** The request as the crew's company has it, or undefined when it left the company. */
export async function requestOfStop(trx: Trx, crew: Crew, requestId: number) {
  return findRequest(trx, [crew.companyId], requestId);
}

async function checkedMaterials(trx: Trx, crew: Crew, action: Extract<CrewAction, { kind: 'fix' }>) {
  const ids = action.materials.map((m) => m.materialId);
  if (new Set(ids).size !== ids.length) throw refuse('field-work.errors.materialTwice');
  const found = new Set((await findActiveMaterials(trx, crew.companyId, ids)).map((m) => m.id));
  const foreign = ids.filter((id) => !found.has(id));
  if (foreign.length > 0) throw refuse('field-work.errors.materialInvalid', { ids: foreign.join(', ') });
}

async function checkedPhotos(trx: Trx, crew: Crew, stopId: number, keys: string[]): Promise<number[]> {
  const photos = await findCrewPhotos(trx, crew.id, [...new Set(keys)]);
  const byKey = new Map(photos.map((p) => [p.photoKey, p]));
  const missing = keys.filter((key) => !byKey.has(key));
  if (missing.length > 0) throw refuse('field-work.errors.photoMissing', { keys: missing.join(', ') });
  const elsewhere = photos.filter((p) => p.stopId !== null && p.stopId !== stopId);
  if (elsewhere.length > 0) {
    throw refuse('field-work.errors.photoOtherStop', { keys: elsewhere.map((p) => p.photoKey).join(', ') });
  }
  return photos.map((p) => p.id);
}

function makerOf(who: CrewActor): ChangeMaker {
  return { id: who.admin.id, name: who.admin.name, role: who.admin.role, companyIds: [who.crew.companyId] };
}

const languageOf = (request: FoundRequest): Language => (request.language === 'en' ? 'en' : 'pt');

async function fix(
  trx: Trx,
  deps: AppDeps,
  who: CrewActor,
  stop: LockedStop,
  request: FoundRequest,
  action: Extract<CrewAction, { kind: 'fix' }>,
  at: string,
) {
  await checkedMaterials(trx, who.crew, action);
  const photoIds = await checkedPhotos(trx, who.crew, stop.id, action.photoKeys);
  const notes = action.notes || null;
  const language = languageOf(request);
  const historyNotes = notes
    ? translate(language, 'field-work.history.fixedWithNotes', { crew: who.crew.name, notes })
    : translate(language, 'field-work.history.fixed', { crew: who.crew.name });
  await applyRequestChange(
    trx,
    deps,
    makerOf(who),
    request.id,
    { kind: 'update', status: 'completed', notes: historyNotes, updatedAt: request.updatedAt, occurredAt: at },
    who.actor,
  );
  await finishStop(trx, stop.id, { outcome: 'fixed', at, reason: null, notes, proposedCompanyId: null });
  await insertStopMaterials(trx, stop.id, action.materials);
  // Two fixes naming one photo at once: the one that attaches it first keeps it.
  if (!(await attachPhotos(trx, photoIds, stop.id))) {
    throw refuse('field-work.errors.photoOtherStop', { keys: action.photoKeys.join(', ') });
  }
  return { notes, materials: action.materials, photoKeys: action.photoKeys };
}

async function notPossible(
  trx: Trx,
  deps: AppDeps,
  who: CrewActor,
  stop: LockedStop,
  request: FoundRequest,
  action: Extract<CrewAction, { kind: 'not_possible' }>,
  companies: { id: number; name: string }[],
  at: string,
) {
  const proposedId = action.proposedCompanyId ?? null;
  if (proposedId !== null && action.reason !== 'not_ours') throw refuse('field-work.errors.proposedOnlyNotOurs');
  const proposed = proposedId === null ? undefined : companies.find((c) => c.id === proposedId);
  if (proposedId !== null && !proposed) throw refuse('field-work.errors.proposedInvalid');
  const notes = action.notes || null;
  const language = languageOf(request);
  const reasonWords = translate(language, `field-work.history.reasons.${action.reason}`);
  const reason = proposed
    ? translate(language, 'field-work.history.proposed', { reason: reasonWords, company: proposed.name })
    : reasonWords;
  const crew = who.crew.name;
  const historyNotes = notes
    ? translate(language, 'field-work.history.notPossibleWithNotes', { crew, reason, notes })
    : translate(language, 'field-work.history.notPossible', { crew, reason });
  // No status change: a note on the request's history, the request stays open for the office.
  await applyRequestChange(
    trx,
    deps,
    makerOf(who),
    request.id,
    { kind: 'update', notes: historyNotes, updatedAt: request.updatedAt, occurredAt: at },
    who.actor,
  );
  await finishStop(trx, stop.id, {
    outcome: 'not_possible',
    at,
    reason: action.reason,
    notes,
    proposedCompanyId: proposedId,
  });
  return { reason: action.reason, notes, proposedCompanyId: proposedId };
}

/**
 * Applies `action` at `stop` (already checked: the crew's, unfinished, request unchanged) and
 * audits it; finishes the order when it was its last stop.
 */
export async function applyCrewAction(
  trx: Trx,
  deps: AppDeps,
  who: CrewActor,
  stop: LockedStop,
  request: FoundRequest,
  action: CrewAction,
  at: string,
  companies: { id: number; name: string }[],
): Promise<void> {
  const now = deps.clock.now().toISOString();
  await startWorkOrder(trx, stop.workOrderId);
  let detail: Record<string, unknown> = {};
  if (action.kind === 'arrive') await markArrived(trx, stop.id, at);
  else if (action.kind === 'fix') detail = await fix(trx, deps, who, stop, request, action, at);
  else detail = await notPossible(trx, deps, who, stop, request, action, companies, at);
  await recordAudit(
    trx,
    who.actor,
    {
      kind: `crew.${action.kind}`,
      objectType: 'work_order_stop',
      objectId: stop.id,
      after: { key: action.key, workOrderId: stop.workOrderId, requestId: stop.requestId, at, ...detail },
    },
    now,
  );
  if (action.kind !== 'arrive') await finishOrderIfDone(trx, who.crew, stop, now);
}

/**
 * When no stop of the order is left to visit: the order is done and its webhook queued. A stop
 * whose request was transferred away meanwhile (released, with no outcome) is not left to visit.
 */
async function finishOrderIfDone(trx: Trx, crew: Crew, stop: LockedStop, now: string): Promise<void> {
  const stops = await listStopOutcomes(trx, stop.workOrderId);
  if (stops.some((s) => s.outcome === null && s.openRequestId !== null)) return;
  const doneAt = stops.reduce((last, s) => (s.finishedAt && s.finishedAt > last ? s.finishedAt : last), '');
  if (!(await markWorkOrderDone(trx, stop.workOrderId, doneAt || now))) return;
  const fixed = stops.filter((s) => s.outcome === 'fixed').length;
  // The order and its counts only: no request's address, no citizen's data.
  const data = {
    workOrderId: stop.workOrderId,
    companyId: stop.companyId,
    crewId: crew.id,
    crewName: crew.name,
    day: stop.day,
    doneAt: doneAt || now,
    stops: stops.length,
    fixed,
    notPossible: stops.filter((s) => s.outcome === 'not_possible').length,
    transferred: stops.filter((s) => s.outcome === null).length,
  };
  await queueWebhookEvents(trx, [
    { type: 'work_order.done', requestId: null, companyId: stop.companyId, at: now, data },
  ]);
}
