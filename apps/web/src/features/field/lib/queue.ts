// The phone's queue of actions done at the stops (decision 0068), as pure functions: what
// to send, what the server's answers do to it, and how a stop looks with its queued actions.
// An action leaves the queue only when the server answered `applied` or `replayed` for its key.
import {
  CREW_SYNC_MAX_ACTIONS,
  type CrewActionInput,
  type CrewActionResult,
  type CrewStop,
} from '@acende/shared/schemas/crew';

export type QueuedAction = CrewActionInput;

export interface QueueItem {
  action: QueuedAction;
  /** pending: to send; conflict: the office changed the request meanwhile; refused: the server said no. */
  state: 'pending' | 'conflict' | 'refused';
  /** The request as the office left it (a conflict's answer). */
  current: CrewStop | null;
  /** The server's reason (a refusal), in the crew's language. */
  message: string | null;
}

/** The queue with `action` last, waiting to be sent. */
export function enqueue(queue: readonly QueueItem[], action: QueuedAction): QueueItem[] {
  return [...queue, { action, state: 'pending', current: null, message: null }];
}

/** The actions of the next sync, oldest first, at most as many as one sync takes. */
export function nextBatch(queue: readonly QueueItem[]): QueuedAction[] {
  return queue
    .filter((item) => item.state === 'pending')
    .slice(0, CREW_SYNC_MAX_ACTIONS)
    .map((item) => item.action);
}

export const pendingCount = (queue: readonly QueueItem[]) => queue.filter((item) => item.state === 'pending').length;

/** The photo keys the actions name (only `fix` names photos). */
export function photoKeysOf(actions: readonly QueuedAction[]): string[] {
  return actions.flatMap((action) => (action.kind === 'fix' ? (action.photoKeys ?? []) : []));
}

/**
 * The queue after a sync's answers: applied or replayed actions leave it, a conflict or a
 * refusal stays for the crew to decide, and an action the answers do not name (the answer was
 * cut short, or it was queued during the sync) stays pending under its key, to be sent again.
 * `dropped` are the actions that left.
 */
export function applyResults(
  queue: readonly QueueItem[],
  results: readonly CrewActionResult[],
): { queue: QueueItem[]; dropped: QueuedAction[] } {
  const byKey = new Map(results.map((result) => [result.key, result]));
  const kept: QueueItem[] = [];
  const dropped: QueuedAction[] = [];
  for (const item of queue) {
    const result = item.state === 'pending' ? byKey.get(item.action.key) : undefined;
    if (!result) kept.push(item);
    else if (result.result === 'applied' || result.result === 'replayed') dropped.push(item.action);
    else if (result.result === 'conflict')
      kept.push({ ...item, state: 'conflict', current: result.stop, message: null });
    else kept.push({ ...item, state: 'refused', current: result.stop, message: result.message });
  }
  return { queue: kept, dropped };
}

/**
 * "Enviar mesmo assim": the conflicting action again, under a new key and as of the request the
 * office left (its updatedAt), last in the queue; the time it was done in the street stays.
 */
export function resend(queue: readonly QueueItem[], key: string, newKey: string): QueueItem[] {
  const item = queue.find((entry) => entry.action.key === key);
  if (item?.state !== 'conflict') return [...queue];
  const seenUpdatedAt = item.current?.updatedAt ?? item.action.seenUpdatedAt;
  const action = { ...item.action, key: newKey, seenUpdatedAt } as QueuedAction;
  return enqueue(
    queue.filter((entry) => entry !== item),
    action,
  );
}

/** The queue without the action of `key` (a conflict or a refusal the crew let go). */
export function discard(queue: readonly QueueItem[], key: string): { queue: QueueItem[]; dropped: QueuedAction[] } {
  const dropped = queue.filter((item) => item.action.key === key).map((item) => item.action);
  return { queue: queue.filter((item) => item.action.key !== key), dropped };
}

/** Photo keys of `dropped` that no action left in the queue names: their blobs may go. */
export function orphanPhotos(dropped: readonly QueuedAction[], queue: readonly QueueItem[]): string[] {
  const kept = new Set(photoKeysOf(queue.map((item) => item.action)));
  return photoKeysOf(dropped).filter((key) => !kept.has(key));
}

export interface StopView extends CrewStop {
  /** Queued actions of this stop not sent yet (shown as done, "aguardando sinal"). */
  waiting: number;
  /** Queued actions of this stop the crew must decide on (a conflict or a refusal). */
  attention: number;
}

/** The stop as the crew sees it: the server's state with the queued actions applied on top. */
export function stopWithQueue(stop: CrewStop, queue: readonly QueueItem[]): StopView {
  const view: StopView = { ...stop, waiting: 0, attention: 0 };
  for (const { action, state } of queue) {
    if (action.stopId !== stop.id) continue;
    if (state !== 'pending') {
      view.attention += 1;
      continue;
    }
    view.waiting += 1;
    if (action.kind === 'arrive') view.arrivedAt ??= action.at;
    else if (action.kind === 'fix') Object.assign(view, { outcome: 'fixed', finishedAt: action.at, reason: null });
    else Object.assign(view, { outcome: 'not_possible', finishedAt: action.at, reason: action.reason });
  }
  return view;
}
