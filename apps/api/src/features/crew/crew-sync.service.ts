// The crew's sync (decision 0068): the phone's queue of actions, applied in the order sent,
// each in its own transaction and once per key. The key is claimed in the action's transaction,
// so a retry, a concurrent duplicate or another instance gets `replayed` and nothing twice; the
// same key with another body is refused. A refusal or a conflict writes nothing, the claim
// included, so the phone may send again after the crew has seen it.
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { CrewAction, CrewActionResult, CrewSyncResult } from '@acende/shared/schemas/crew';
import type { AppDeps } from '../../app-deps.ts';
import type { AuditActor } from '../../core/audit/audit.repository.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import { startOfDayUtc } from '../../core/format.ts';
import type { Trx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { applyCrewAction, type CrewActor, requestOfStop } from './crew-actions.service.ts';
import { listOtherCompanies } from './crew-day.repository.ts';
import { crewOfAccount, readCrewStop } from './crew-day.service.ts';
import { claimAction, findAction, findLastReopen, lockCrewStop, storeActionAnswer } from './crew-sync.repository.ts';

/** A phone's clock may run a little ahead of the server's. */
const FUTURE_GRACE_MS = 2 * 60_000;
const CLOSED = new Set(['completed', 'cancelled']);
/** The operators' stale-edit refusal: the office changed the request between the read and the write. */
const STALE: MessageKey = 'admin-operations.errors.staleUpdate';

/** The office changed the request since the phone saw it: roll back, answer the request as it is. */
class Conflict extends Error {}

type Outcome = { result: 'applied' | 'conflict'; stopId: number } | { result: 'taken' };

/** The body an action's key stands for; the same action always hashes the same. */
const bodyHashOf = (action: CrewAction) => sha256(JSON.stringify(action));

/** `at` as UTC ISO text (compared as text with closed_at and due_at), within its bounds. */
function checkedTime(at: string, notBefore: string, now: Date): string {
  const ms = Date.parse(at);
  if (ms > now.getTime() + FUTURE_GRACE_MS) throw new AppError('field-work.errors.atFuture', 422);
  if (ms < Date.parse(notBefore)) throw new AppError('field-work.errors.atTooEarly', 422);
  return new Date(ms).toISOString();
}

async function applyOnce(deps: AppDeps, who: CrewActor, action: CrewAction, bodyHash: string): Promise<Outcome> {
  const companies = await listOtherCompanies(deps.db, who.crew.companyId);
  return deps.db.transaction().execute(async (trx: Trx): Promise<Outcome> => {
    const now = deps.clock.now();
    const stop = await lockCrewStop(trx, who.crew.id, action.stopId, now.toISOString());
    // Another crew's stop is answered exactly as one that does not exist.
    if (!stop) throw new AppError('field-work.errors.stopNotFound', 404);
    const claim = await claimAction(trx, {
      crewId: who.crew.id,
      actionKey: action.key,
      stopId: stop.id,
      kind: action.kind,
      bodyHash,
      accountId: who.admin.id,
      occurredAt: new Date(Date.parse(action.at)).toISOString(),
      createdAt: now.toISOString(),
    });
    if (claim === undefined) return { result: 'taken' };
    if (stop.outcome !== null) throw new AppError('field-work.errors.stopFinished', 409);
    const request = await requestOfStop(trx, who.crew, stop.requestId);
    // A stop whose request left it (a transfer) is the office's now, even once the request is back.
    const released = stop.openRequestId !== stop.requestId;
    if (!request || released || request.updatedAt !== action.seenUpdatedAt || CLOSED.has(request.status)) {
      throw new Conflict();
    }
    const notBefore = [startOfDayUtc(stop.day), request.createdAt].sort().at(-1) as string;
    const at = checkedTime(action.at, notBefore, now);
    // closed_at (so the repair time and "within target") never lands before a reopen, whose
    // due time restarts from it (decision 0029): that repair did not hold.
    const reopenedAt = action.kind === 'fix' ? await findLastReopen(trx, request.id) : null;
    if (reopenedAt && Date.parse(at) < Date.parse(reopenedAt))
      throw new AppError('field-work.errors.atBeforeReopen', 422);
    try {
      await applyCrewAction(trx, deps, who, stop, request, action, at, companies);
    } catch (error) {
      if (error instanceof AppError && error.code === STALE) throw new Conflict();
      throw error;
    }
    await storeActionAnswer(trx, claim, JSON.stringify({ result: 'applied', stopId: stop.id }));
    return { result: 'applied', stopId: stop.id };
  });
}

/**
 * The answer for a key already claimed: `replayed` with the stop as it is now (a replay never
 * brings back what retention removed since), or refused when the key carried another action.
 */
async function replayOf(
  deps: AppDeps,
  who: CrewActor,
  action: CrewAction,
  bodyHash: string,
  language: Language,
): Promise<CrewActionResult> {
  const stored = await findAction(deps.db, who.crew.id, action.key);
  if (!stored) return refused(action, language, 'field-work.errors.inProgress');
  if (stored.bodyHash !== bodyHash) return refused(action, language, 'field-work.errors.keyReused');
  const stop = await readCrewStop(deps.db, stored.stopId, who.crew.companyId, deps.clock.now());
  return { key: action.key, result: 'replayed', stop, message: null };
}

function refused(
  action: CrewAction,
  language: Language,
  code: MessageKey,
  params?: Record<string, unknown>,
): CrewActionResult {
  return { key: action.key, result: 'refused', stop: null, message: translate(language, code, params) };
}

async function syncOne(
  deps: AppDeps,
  who: CrewActor,
  action: CrewAction,
  language: Language,
): Promise<CrewActionResult> {
  const bodyHash = bodyHashOf(action);
  if (await findAction(deps.db, who.crew.id, action.key)) return replayOf(deps, who, action, bodyHash, language);
  try {
    const outcome = await applyOnce(deps, who, action, bodyHash);
    // Another call claimed the key first and has ended: its answer, or a refusal for another body.
    if (outcome.result === 'taken') return replayOf(deps, who, action, bodyHash, language);
    const stop = await readCrewStop(deps.db, outcome.stopId, who.crew.companyId, deps.clock.now());
    return { key: action.key, result: outcome.result, stop, message: null };
  } catch (error) {
    if (error instanceof Conflict) {
      const stop = await readCrewStop(deps.db, action.stopId, who.crew.companyId, deps.clock.now());
      return { key: action.key, result: 'conflict', stop, message: translate(language, 'field-work.errors.conflict') };
    }
    if (error instanceof AppError && error.status < 500) return refused(action, language, error.code, error.params);
    throw error;
  }
}

/** Applies the phone's actions in the order sent; one's refusal or conflict does not undo the others. */
export async function syncCrewActions(
  deps: AppDeps,
  admin: AuthAdmin,
  actions: CrewAction[],
  actor: AuditActor,
  language: Language,
): Promise<CrewSyncResult> {
  const crew = await crewOfAccount(deps.db, admin);
  const who: CrewActor = { admin, crew, actor };
  const results: CrewActionResult[] = [];
  for (const action of actions) results.push(await syncOne(deps, who, action, language));
  return { results };
}
