// What the field app's screens share: the phone's store, the queue, how photos are made small
// and keys made. The page builds the real ones; tests hand in an in-memory store and a stub API.
import type { CrewActionResult } from '@acende/shared/schemas/crew';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { DayView } from '../api/get-crew-day.ts';
import { fieldKeys } from '../api/query-keys.ts';
import { crewSyncApi } from '../api/sync-api.ts';
import { patchDay, stopsOf } from '../lib/day-patch.ts';
import { createFieldQueue, type FieldQueue, type QueueSnapshot, type SyncApi } from '../lib/field-queue.ts';
import { createMemoryStore, type FieldStore } from '../lib/field-store.ts';
import { idbFieldStore } from '../lib/idb-field-store.ts';
import { resizePhoto } from '../lib/resize-photo.ts';

export interface FieldServices {
  store: FieldStore;
  queue: FieldQueue;
  resizePhoto: (file: Blob) => Promise<Blob>;
  newKey: () => string;
}

const Context = createContext<FieldServices | null>(null);

export function FieldServicesProvider({ services, children }: { services: FieldServices; children: ReactNode }) {
  return <Context.Provider value={services}>{children}</Context.Provider>;
}

export function useFieldServices(): FieldServices {
  const services = useContext(Context);
  if (!services) throw new Error('useFieldServices outside FieldServicesProvider');
  return services;
}

export function useQueueSnapshot(): QueueSnapshot {
  const { queue } = useFieldServices();
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot);
}

/** Brings the days on screen and on the phone up to date with a sync's answers. */
function keepResults(queryClient: QueryClient, store: FieldStore) {
  return (results: CrewActionResult[]) => {
    const stops = stopsOf(results);
    if (stops.length === 0) return;
    for (const [key, view] of queryClient.getQueriesData<DayView>({ queryKey: fieldKeys.days() })) {
      if (!view) continue;
      const data = patchDay(view.data, stops);
      if (data === view.data) continue;
      queryClient.setQueryData<DayView>(key, { ...view, data });
      void store.saveDay({ data, savedAt: view.savedAt }).catch(() => undefined);
    }
    // The orders' own state (a work order done with its last stop) comes from the server: read
    // the days again; without signal the kept day stays on screen.
    void queryClient.invalidateQueries({ queryKey: fieldKeys.days() });
  };
}

export interface ServiceOptions {
  queryClient: QueryClient;
  store?: FieldStore;
  api?: SyncApi;
  resize?: (file: Blob) => Promise<Blob>;
  newKey?: () => string;
}

/** The field app's services: IndexedDB on the phone (memory where a browser has none), the crew API. */
export function createFieldServices(options: ServiceOptions): FieldServices {
  const store = options.store ?? (typeof indexedDB === 'undefined' ? createMemoryStore() : idbFieldStore);
  const newKey = options.newKey ?? (() => crypto.randomUUID());
  const queue = createFieldQueue({
    store,
    api: options.api ?? crewSyncApi,
    newKey,
    onResults: keepResults(options.queryClient, store),
  });
  return { store, queue, newKey, resizePhoto: options.resize ?? resizePhoto };
}
