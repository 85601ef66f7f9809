// GET and POST /api/admin/push-settings, and the test notice to this browser (decision 0063).
import type { Language } from '@acende/shared/enums';
import type { PushSettings, PushSettingsResponse } from '@acende/shared/schemas/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';
import { pushQueries } from '../../../lib/query-keys/push.ts';
import { subscribeThisBrowser } from '../../../lib/web-push.ts';
import { pushSettingsQueries } from './query-keys.ts';

export function usePushSettings() {
  return useQuery(pushSettingsQueries.settings());
}

/** Saves; answers the form's values, the rest of the view kept in the cache. */
export function useSavePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PushSettings): Promise<PushSettings> => {
      const saved = await apiRequest<PushSettingsResponse>('POST', '/api/admin/push-settings', input);
      queryClient.setQueryData(pushSettingsQueries.settings().queryKey, saved);
      // The citizens' opt-in follows the setting.
      await queryClient.invalidateQueries({ queryKey: publicSiteQueries.site().queryKey });
      await queryClient.invalidateQueries({ queryKey: pushQueries.publicKey().queryKey });
      return { enabled: saved.enabled };
    },
  });
}

/** Subscribes this browser (permission asked) and has the server send it a test notice at once. */
export function useSendTestPush() {
  return useMutation({
    mutationFn: async (input: { publicKey: string; language: Language }) => {
      const subscription = await subscribeThisBrowser(input.publicKey);
      return apiRequest<{ message: string }>('POST', '/api/admin/push-settings/send-test', {
        ...subscription,
        language: input.language,
      });
    },
  });
}
