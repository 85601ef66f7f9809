// The field app's queue on the phone (decision 0069): actions added as the crew taps, kept in
// the store, and sent by sync(), one sync at a time: photos first (PUT under their own keys),
// then the actions (POST /api/crew/sync). Writes to the queue run one after another, so an
// action tapped while a sync is on its way is neither lost nor sent twice.
import type { CrewActionInput, CrewActionResult, CrewSyncResult } from '@acende/shared/schemas/crew';
import { ApiError } from '../../../lib/api-client.ts';
import type { FieldStore } from './field-store.ts';
import {
  applyResults,
  discard,
  enqueue,
  nextBatch,
  orphanPhotos,
  photoKeysOf,
  type QueuedAction,
  type QueueItem,
  resend,
} from './queue.ts';

export interface SyncApi {
  putPhoto(key: string, blob: Blob): Promise<unknown>;
  postSync(actions: CrewActionInput[]): Promise<CrewSyncResult>;
}

export type SyncProblem = 'signIn' | 'failed' | null;

export interface QueueSnapshot {
  queue: QueueItem[];
  syncing: boolean;
  /** Why the last sync stopped: the session ended (401), or the network or server failed. */
  problem: SyncProblem;
}

export interface FieldQueue {
  getSnapshot(): QueueSnapshot;
  subscribe(listener: () => void): () => void;
  /** Reads the queue kept on the phone. */
  load(): Promise<void>;
  /** Keeps the action (and its photos, already made small) on the phone, to be sent. */
  add(action: QueuedAction, photos?: { key: string; blob: Blob }[]): Promise<void>;
  /** Sends what waits; a second call while one runs waits for that one. */
  sync(): Promise<void>;
  resend(key: string): Promise<void>;
  discard(key: string): Promise<void>;
}

const QUEUE_LOCK = 'acende-campo-queue';
const SYNC_LOCK = 'acende-campo-sync';

/** Runs `task` while holding the browser's lock `name`, shared by the site's tabs; at once where there is none. */
function acrossTabs<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, task) : task();
}

/** A 4xx answer about this one thing (not the session, not a moment's overload): sending it again will not help. */
const refusedOutright = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

export interface FieldQueueOptions {
  store: FieldStore;
  api: SyncApi;
  newKey: () => string;
  /** Each sync's answers, once the queue took them in (the day's stops are brought up to date). */
  onResults?: (results: CrewActionResult[]) => void;
}

export function createFieldQueue({ store, api, newKey, onResults }: FieldQueueOptions): FieldQueue {
  let snapshot: QueueSnapshot = { queue: [], syncing: false, problem: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<QueueSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  let chain: Promise<unknown> = Promise.resolve();
  /**
   * Runs `change` after every earlier one (in this tab and, where the browser has Web Locks,
   * in the others), over the queue as the store has it now: another tab of /campo may have
   * written it since, and a queue this tab could not read is never written over.
   */
  const locked = <T>(change: () => Promise<T>): Promise<T> => {
    const run = chain.then(() =>
      acrossTabs(QUEUE_LOCK, async () => {
        set({ queue: await store.readQueue() });
        return change();
      }),
    );
    chain = run.catch(() => undefined);
    return run;
  };
  const write = async (queue: QueueItem[], dropped: QueuedAction[] = []) => {
    await store.saveQueue(queue);
    set({ queue });
    await store.deletePhotos(orphanPhotos(dropped, queue));
  };

  /** Uploads the batch's photos not sent yet; a photo the server refuses refuses the actions that name it. */
  async function uploadPhotos(batch: QueuedAction[]): Promise<QueuedAction[]> {
    let refused: { keys: Set<string>; message: string | null } = { keys: new Set(), message: null };
    for (const key of new Set(photoKeysOf(batch))) {
      const photo = await store.readPhoto(key);
      if (!photo || photo.uploaded) continue;
      try {
        await api.putPhoto(key, photo.blob);
      } catch (error) {
        if (!refusedOutright(error)) throw error;
        refused = { keys: refused.keys.add(key), message: error.serverMessage ?? error.message };
        continue;
      }
      await store.savePhoto({ ...photo, uploaded: true });
    }
    if (refused.keys.size === 0) return batch;
    const names = (action: QueuedAction) => photoKeysOf([action]).some((key) => refused.keys.has(key));
    await locked(() =>
      write(
        snapshot.queue.map((item) =>
          item.state === 'pending' && names(item.action)
            ? { ...item, state: 'refused', message: refused.message }
            : item,
        ),
      ),
    );
    return batch.filter((action) => !names(action));
  }

  async function sendOnce(): Promise<boolean> {
    const batch = await uploadPhotos(nextBatch(snapshot.queue));
    if (batch.length === 0) return false;
    const { results } = await api.postSync(batch);
    // Applied over the queue as it is now: what was tapped meanwhile stays pending. The day's
    // stops are brought up to date first, so a stop sent does not look undone for a moment.
    await locked(async () => {
      onResults?.(results);
      const { queue, dropped } = applyResults(snapshot.queue, results);
      await write(queue, dropped);
    });
    // Again only when every action had its answer: one left unanswered waits for the next sync.
    const answered = new Set(results.map((result) => result.key));
    return batch.every((action) => answered.has(action.key));
  }

  let syncing: Promise<void> | undefined;
  async function syncAll() {
    set({ syncing: true });
    try {
      // More than one sync takes: again, while each sends something.
      while (nextBatch(snapshot.queue).length > 0 && (await sendOnce()));
      set({ problem: null });
    } catch (error) {
      // Nothing leaves the queue: the same keys go again next time, and the server answers
      // `replayed` for what it applied before the answer was lost.
      set({ problem: error instanceof ApiError && error.status === 401 ? 'signIn' : 'failed' });
    } finally {
      set({ syncing: false });
    }
  }

  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: () => locked(async () => undefined),
    add: (action, photos = []) =>
      locked(async () => {
        for (const photo of photos) await store.savePhoto({ ...photo, uploaded: false });
        await write(enqueue(snapshot.queue, action));
      }),
    sync: () => {
      // One tab syncs at a time; the next one starts from the queue as the first left it.
      syncing ??= acrossTabs(SYNC_LOCK, async () => {
        await locked(async () => undefined).catch(() => undefined);
        await syncAll();
      }).finally(() => {
        syncing = undefined;
      });
      return syncing;
    },
    resend: (key) => locked(() => write(resend(snapshot.queue, key, newKey()))),
    discard: (key) =>
      locked(async () => {
        const { queue, dropped } = discard(snapshot.queue, key);
        await write(queue, dropped);
      }),
  };
}
