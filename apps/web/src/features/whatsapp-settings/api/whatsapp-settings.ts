// GET and POST /api/admin/whatsapp-settings, and the test message (issue 36).
import type { Language } from '@acende/shared/enums';
import type { WhatsappSettings, WhatsappSettingsResponse } from '@acende/shared/schemas/whatsapp';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';
import { whatsappSettingsQueries } from './query-keys.ts';

export function useWhatsappSettings() {
  return useQuery(whatsappSettingsQueries.settings());
}

/** Saves; answers the form's values (each secret as its placeholder), the webhook's details kept in the cache. */
export function useSaveWhatsappSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WhatsappSettings): Promise<WhatsappSettings> => {
      const saved = await apiRequest<WhatsappSettingsResponse>('POST', '/api/admin/whatsapp-settings', input);
      queryClient.setQueryData(whatsappSettingsQueries.settings().queryKey, saved);
      // The public wizard's WhatsApp box follows the setting.
      await queryClient.invalidateQueries({ queryKey: publicSiteQueries.site().queryKey });
      const { webhookUrl: _url, verifyToken: _token, ...values } = saved;
      return values;
    },
  });
}

export function useSendTestWhatsapp() {
  return useMutation({
    mutationFn: (input: { to: string; language: Language }) =>
      apiRequest<{ message: string }>('POST', '/api/admin/whatsapp-settings/send-test', input),
  });
}
