// POST /api/repair-requests/:id/photos?t= (decision 0033): one photo, sent after the request
// is filed, with the tracking token the filing answered.
import type { Photo } from '@acende/shared/schemas/photos';
import { apiUpload } from '../../../lib/api-client.ts';

export const uploadPhoto = (requestId: number, trackingToken: string, photo: Blob) =>
  apiUpload<Photo>(`/api/repair-requests/${requestId}/photos?t=${encodeURIComponent(trackingToken)}`, photo);
