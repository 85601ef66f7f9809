// A request's photos for operators (decision 0033): the list, the images' addresses, and
// publishing one on the public tracking page (operators only; audited on the server).
import type { Photo, PhotoSize } from '@acende/shared/schemas/photos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { requestQueries } from './query-keys.ts';

export const photoUrl = (requestId: number, photoId: number, size: PhotoSize) =>
  `/api/admin/repair-requests/${requestId}/photos/${photoId}?size=${size}`;

export function useRequestPhotos(id: number) {
  return useQuery({ ...requestQueries.photos(id), enabled: Number.isInteger(id) && id > 0 });
}

export function useSetPhotoPublic(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, isPublic }: { photoId: number; isPublic: boolean }) =>
      apiRequest<Photo>('PATCH', `/api/admin/repair-requests/${requestId}/photos/${photoId}`, { isPublic }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: requestQueries.photos(requestId).queryKey }),
  });
}
