// GET and POST /api/admin/captcha-settings. The secret key comes back only as a
// placeholder; sending the placeholder keeps the stored key.
import type { CaptchaSettingsInput, CaptchaSettingsView } from '@acende/shared/schemas/captcha';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';
import { captchaSettingsQueries } from './query-keys.ts';

export const saveCaptchaSettings = (input: CaptchaSettingsInput) =>
  apiRequest<CaptchaSettingsView>('POST', '/api/admin/captcha-settings', input);

export function useCaptchaSettings() {
  return useQuery(captchaSettingsQueries.settings());
}

export function useSaveCaptchaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCaptchaSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(captchaSettingsQueries.settings().queryKey, saved);
      // The public forms read /api/captcha: let them see the change.
      void queryClient.invalidateQueries({ queryKey: publicSiteQueries.captcha().queryKey });
    },
  });
}
