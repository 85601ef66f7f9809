// The field app's IndexedDB database on the phone (decision 0069): the days downloaded, the
// queue of actions (one record, written whole: a day has about a hundred at most) and the
// photos as Blobs. A database of its own, apart from the wizard's draft ('acende').
import { type FieldStore, isOldDay, type StoredDay, type StoredPhoto } from './field-store.ts';
import type { QueueItem } from './queue.ts';

const DATABASE = 'acende-campo';
const DAYS = 'days';
const QUEUE = 'queue';
const PHOTOS = 'photos';
const QUEUE_KEY = 'actions';
type StoreName = typeof DAYS | typeof QUEUE | typeof PHOTOS;

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(DAYS);
      db.createObjectStore(QUEUE);
      db.createObjectStore(PHOTOS);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error) => {
    // A later call may find IndexedDB available again.
    opening = undefined;
    throw error;
  });
  return opening;
}

/** Runs `act` in one transaction over `stores`; resolves with its request's result once committed. */
async function run<T>(
  stores: StoreName[],
  mode: IDBTransactionMode,
  act: (transaction: IDBTransaction) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await open();
  return new Promise<T | undefined>((resolve, reject) => {
    const transaction = db.transaction(stores, mode);
    const request = act(transaction);
    transaction.oncomplete = () => resolve(request?.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export const idbFieldStore: FieldStore = {
  readDay: (day) => run([DAYS], 'readonly', (tx) => tx.objectStore(DAYS).get(day) as IDBRequest<StoredDay | undefined>),
  saveDay: async (stored) => {
    await run([DAYS], 'readwrite', (tx) => {
      const days = tx.objectStore(DAYS);
      days.put(stored, stored.data.day);
      const keys = days.getAllKeys();
      keys.onsuccess = () => {
        for (const key of keys.result) if (isOldDay(String(key), stored.data.day)) days.delete(key);
      };
      return undefined;
    });
  },
  readQueue: async () =>
    (await run([QUEUE], 'readonly', (tx) => tx.objectStore(QUEUE).get(QUEUE_KEY) as IDBRequest<QueueItem[]>)) ?? [],
  saveQueue: async (queue) => {
    await run([QUEUE], 'readwrite', (tx) => tx.objectStore(QUEUE).put(queue, QUEUE_KEY));
  },
  readPhoto: (key) =>
    run([PHOTOS], 'readonly', (tx) => tx.objectStore(PHOTOS).get(key) as IDBRequest<StoredPhoto | undefined>),
  savePhoto: async (photo) => {
    await run([PHOTOS], 'readwrite', (tx) => tx.objectStore(PHOTOS).put(photo, photo.key));
  },
  deletePhotos: async (keys) => {
    if (keys.length === 0) return;
    await run([PHOTOS], 'readwrite', (tx) => {
      for (const key of keys) tx.objectStore(PHOTOS).delete(key);
      return undefined;
    });
  },
  clear: async () => {
    await run([DAYS, QUEUE, PHOTOS], 'readwrite', (tx) => {
      for (const name of [DAYS, QUEUE, PHOTOS] as const) tx.objectStore(name).clear();
      return undefined;
    });
  },
};
