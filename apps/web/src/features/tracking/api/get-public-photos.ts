// GET /api/repair-requests/:id/photos: the photos an operator published (decision 19).
import type { PublicPhotoList } from '@acende/shared/schemas/photos';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function usePublicPhotos(id: number) {
  return useQuery({
    queryKey: ['repair-request', id, 'photos'],
    queryFn: () => apiRequest<PublicPhotoList>('GET', `/api/repair-requests/${id}/photos`),
  });
}
