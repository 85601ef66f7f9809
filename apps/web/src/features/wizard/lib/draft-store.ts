// The wizard's draft on the device (issue 22, decision 0035): every step's data, the photos as
// Blobs and the submission's Idempotency-Key, in IndexedDB so a closed tab or a reload loses
// nothing. Loaded lazily after step 1's first paint (decision 0024): nothing here is first load.
import type { WizardData } from './wizard-state.ts';

const DATABASE = 'acende';
const STORE = 'drafts';
const KEY = 'wizard';

export interface StoredDraft {
  /** The wizard's data, `photos` (Blobs, structured-cloned by IndexedDB) included. */
  data: WizardData;
  savedAt: string;
}

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error) => {
    // A later call may find IndexedDB available again (private mode, quota).
    opening = undefined;
    throw error;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = act(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export async function readDraft(): Promise<StoredDraft | undefined> {
  return run('readonly', (store) => store.get(KEY) as IDBRequest<StoredDraft | undefined>);
}

export async function saveDraft(data: WizardData): Promise<void> {
  const draft: StoredDraft = { data, savedAt: new Date().toISOString() };
  await run('readwrite', (store) => store.put(draft, KEY));
}

export async function clearDraft(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}

/** Whether a draft holds anything the citizen typed or chose (an untouched wizard is no draft). */
export function hasContent(data: WizardData): boolean {
  return (
    data.step > 1 || Boolean(data.contact.name || data.contact.email || data.contact.phone) || data.photos.length > 0
  );
}

/**
 * How to restore the device's draft into the wizard's data, or null when it holds nothing: a
 * reload's session storage keeps this tab's fields, and only the draft has the photos.
 * `fromStored` is wizard-state's (passed in: this module is that one's lazy part, not its import).
 */
export async function restoreDraft(
  fromStored: (stored: Partial<WizardData>) => WizardData,
): Promise<((current: WizardData) => WizardData) | null> {
  const draft = await readDraft();
  const stored = draft ? fromStored(draft.data) : null;
  if (!stored || !hasContent(stored)) return null;
  return (current) => (hasContent(current) ? { ...current, photos: stored.photos } : stored);
}

/** Keeps the wizard's data as the device's draft, or clears the draft when it holds nothing. */
export function keepDraft(data: WizardData): Promise<void> {
  return hasContent(data) ? saveDraft(data) : clearDraft();
}
