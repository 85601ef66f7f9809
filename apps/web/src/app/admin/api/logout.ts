import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const logout = () => apiRequest<void>('POST', '/api/admin/logout');

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
