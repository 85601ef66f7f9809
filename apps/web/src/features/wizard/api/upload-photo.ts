// POST /api/repair-requests/:id/photos?t= (decision 0033): one photo as the raw body, sent
// after the request is filed, with the tracking token the filing answered.
import type { Photo } from '@acende/shared/schemas/photos';
import { apiRequest } from '../../../lib/api-client.ts';

export function uploadPhoto(requestId: number, trackingToken: string, photo: Blob): Promise<Photo> {
  return apiRequest<Photo>(
    'POST',
    `/api/repair-requests/${requestId}/photos?t=${encodeURIComponent(trackingToken)}`,
    photo,
  );
}
