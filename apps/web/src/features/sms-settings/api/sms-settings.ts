// GET and POST /api/admin/sms-settings, and the test SMS (issue 36).
import type { Language } from '@acende/shared/enums';
import type { SmsSettings, SmsSettingsResponse } from '@acende/shared/schemas/sms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';
import { smsSettingsQueries } from './query-keys.ts';

export function useSmsSettings() {
  return useQuery(smsSettingsQueries.settings());
}

/** Saves; answers the form's values (the token as its placeholder), the inbound address kept in the cache. */
export function useSaveSmsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SmsSettings): Promise<SmsSettings> => {
      const saved = await apiRequest<SmsSettingsResponse>('POST', '/api/admin/sms-settings', input);
      queryClient.setQueryData(smsSettingsQueries.settings().queryKey, saved);
      // The public wizard's SMS box follows the setting.
      await queryClient.invalidateQueries({ queryKey: publicSiteQueries.site().queryKey });
      const { inboundUrl: _url, inboundToken: _token, ...values } = saved;
      return values;
    },
  });
}

export function useSendTestSms() {
  return useMutation({
    mutationFn: (input: { to: string; language: Language }) =>
      apiRequest<{ message: string }>('POST', '/api/admin/sms-settings/send-test', input),
  });
}
