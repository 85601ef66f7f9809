// GET /api/crew/day?day=: the crew's work orders, materials and companies of a day, kept on
// the phone when they arrive and read from there when the network does not answer (decision
// 0069). The server's own answers (401 signed out, 403 not a crew account) are not hidden.
import type { CrewDay } from '@acende/shared/schemas/crew';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import type { FieldStore } from '../lib/field-store.ts';
import { fieldKeys } from './query-keys.ts';

export interface DayView {
  data: CrewDay;
  savedAt: string;
  /** Read from the phone: the network did not answer. */
  fromDevice: boolean;
}

/** How long to wait for the network at a pole before showing what the phone has. */
const NETWORK_WAIT_MS = 12_000;

const isSessionAnswer = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export async function getCrewDay(day: string, store: FieldStore): Promise<DayView> {
  try {
    const data = await apiRequest<CrewDay>('GET', `/api/crew/day?day=${encodeURIComponent(day)}`, undefined, {
      signal: AbortSignal.timeout(NETWORK_WAIT_MS),
    });
    const savedAt = new Date().toISOString();
    await store.saveDay({ data, savedAt }).catch(() => undefined);
    return { data, savedAt, fromDevice: false };
  } catch (error) {
    if (isSessionAnswer(error)) throw error;
    const stored = await store.readDay(day).catch(() => undefined);
    if (stored) return { ...stored, fromDevice: true };
    throw error;
  }
}

export const crewDayKey = fieldKeys.day;

export function useCrewDay(day: string, store: FieldStore) {
  return useQuery({
    queryKey: crewDayKey(day),
    queryFn: () => getCrewDay(day, store),
    // Offline is when this query matters most: it runs (and falls back to the phone) without a network.
    networkMode: 'always',
  });
}
