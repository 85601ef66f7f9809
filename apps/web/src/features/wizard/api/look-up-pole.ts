// GET /api/poles/{companyId}/{number}: a pole in service by its company and number, with the
// request already open on it. The QR label's page and the typed number both ask it. The
// server normalises the number (poleNumberSchema), so this module carries no schema code
// into the pole page's first load.
import type { PoleLookup } from '@acende/shared/schemas/poles';
import { apiRequest } from '../../../lib/api-client.ts';

export const lookUpPole = (companyId: string, number: string) =>
  apiRequest<PoleLookup>('GET', `/api/poles/${encodeURIComponent(companyId)}/${encodeURIComponent(number.trim())}`);
