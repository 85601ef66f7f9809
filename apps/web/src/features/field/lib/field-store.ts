// Where the field app keeps the day and its queue on the phone (decision 0069): the interface
// the app and its tests use, and the in-memory one the tests (and a browser without
// IndexedDB, for that tab's life) run on. idb-field-store.ts is the phone's IndexedDB one.
import type { CrewDay } from '@acende/shared/schemas/crew';
import type { QueueItem } from './queue.ts';

export interface StoredDay {
  data: CrewDay;
  /** When it came from the server (ISO 8601). */
  savedAt: string;
}

export interface StoredPhoto {
  key: string;
  blob: Blob;
  /** PUT /api/crew/photos/:key answered: not sent again. */
  uploaded: boolean;
}

export interface FieldStore {
  readDay(day: string): Promise<StoredDay | undefined>;
  /** Keeps the day; days more than a few before it are let go. */
  saveDay(stored: StoredDay): Promise<void>;
  readQueue(): Promise<QueueItem[]>;
  saveQueue(queue: QueueItem[]): Promise<void>;
  readPhoto(key: string): Promise<StoredPhoto | undefined>;
  savePhoto(photo: StoredPhoto): Promise<void>;
  deletePhotos(keys: string[]): Promise<void>;
  /** Everything gone (signing out). */
  clear(): Promise<void>;
}

/** How many days before the saved one stay on the phone (yesterday's, and a little more). */
export const DAYS_KEPT = 3;

/** Whether a stored day is older than `DAYS_KEPT` days before `day` (both YYYY-MM-DD). */
export function isOldDay(stored: string, day: string): boolean {
  const limit = new Date(`${day}T12:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() - DAYS_KEPT);
  return stored < limit.toISOString().slice(0, 10);
}

export function createMemoryStore(): FieldStore {
  const days = new Map<string, StoredDay>();
  const photos = new Map<string, StoredPhoto>();
  let queue: QueueItem[] = [];
  return {
    readDay: async (day) => days.get(day),
    saveDay: async (stored) => {
      days.set(stored.data.day, stored);
      for (const day of days.keys()) if (isOldDay(day, stored.data.day)) days.delete(day);
    },
    readQueue: async () => structuredClone(queue),
    saveQueue: async (next) => {
      queue = structuredClone(next);
    },
    readPhoto: async (key) => photos.get(key),
    savePhoto: async (photo) => {
      photos.set(photo.key, photo);
    },
    deletePhotos: async (keys) => {
      for (const key of keys) photos.delete(key);
    },
    clear: async () => {
      days.clear();
      photos.clear();
      queue = [];
    },
  };
}
