// The sync's two calls (decision 0068): a photo under its own key (PUT, raw image body,
// idempotent) and the queued actions (POST /api/crew/sync), answered one result per key.
import type { CrewActionInput, CrewSyncResult } from '@acende/shared/schemas/crew';
import { apiRequest } from '../../../lib/api-client.ts';
import type { SyncApi } from '../lib/field-queue.ts';

export const putCrewPhoto = (key: string, blob: Blob) =>
  apiRequest<unknown>('PUT', `/api/crew/photos/${encodeURIComponent(key)}`, blob);

export const postCrewSync = (actions: CrewActionInput[]) =>
  apiRequest<CrewSyncResult>('POST', '/api/crew/sync', { actions });

export const crewSyncApi: SyncApi = { putPhoto: putCrewPhoto, postSync: postCrewSync };
