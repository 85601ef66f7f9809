// GET /api/admin/captcha-settings. The secret key comes back only as a placeholder.
import type { CaptchaSettingsView } from '@acende/shared/schemas/captcha';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const captchaSettingsQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['admin', 'captcha-settings'] as const,
      queryFn: () => apiRequest<CaptchaSettingsView>('GET', '/api/admin/captcha-settings'),
    }),
};
