// POST /api/repair-requests/:id/photos?t= (decision 0033): one photo as the raw body, sent
// after the request is filed, with the tracking token the filing answered. Here rather than
// in lib/api-client.ts, which every page loads first.
import type { Photo } from '@acende/shared/schemas/photos';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

export async function uploadPhoto(requestId: number, trackingToken: string, photo: Blob): Promise<Photo> {
  const response = await fetch(`/api/repair-requests/${requestId}/photos?t=${encodeURIComponent(trackingToken)}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Accept-Language': currentLanguage(),
      'Content-Type': photo.type || 'application/octet-stream',
    },
    body: photo,
  });
  const text = await response.text();
  if (!response.ok) {
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      message = undefined;
    }
    throw new ApiError(response.status, text || response.statusText, message, undefined);
  }
  return JSON.parse(text) as Photo;
}
