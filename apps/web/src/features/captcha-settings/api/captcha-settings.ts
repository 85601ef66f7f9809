// GET and POST /api/admin/captcha-settings. The secret key comes back only as a
// placeholder; sending the placeholder keeps the stored key.
import type { CaptchaSettingsInput, CaptchaSettingsView } from '@acende/shared/schemas/captcha';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const CAPTCHA_SETTINGS_QUERY_KEY = ['admin', 'captcha-settings'] as const;

export const fetchCaptchaSettings = () => apiRequest<CaptchaSettingsView>('GET', '/api/admin/captcha-settings');
export const saveCaptchaSettings = (input: CaptchaSettingsInput) =>
  apiRequest<CaptchaSettingsView>('POST', '/api/admin/captcha-settings', input);

export function useCaptchaSettings() {
  return useQuery({ queryKey: CAPTCHA_SETTINGS_QUERY_KEY, queryFn: fetchCaptchaSettings });
}

export function useSaveCaptchaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCaptchaSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(CAPTCHA_SETTINGS_QUERY_KEY, saved);
      // The public forms read /api/captcha: let them see the change.
      void queryClient.invalidateQueries({ queryKey: ['captcha'] });
    },
  });
}
