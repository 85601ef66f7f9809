// POST /api/admin/theme-settings/logo (the file as base64 in JSON) and DELETE to remove it.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const uploadLogo = async (file: File) =>
  apiRequest<{ logoUrl: string }>('POST', '/api/admin/theme-settings/logo', {
    contentType: file.type,
    data: await fileToBase64(file),
  });

export const removeLogo = () => apiRequest<void>('DELETE', '/api/admin/theme-settings/logo');

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo });
}

export function useRemoveLogo() {
  return useMutation({ mutationFn: removeLogo });
}
