// SMS through the channels' worker (core/channels/channel-worker.ts): the provider the
// settings name, the quiet hours and the daily cap of a number (decision 0061).
import type { AppDeps } from '../../app-deps.ts';
import {
  type ChannelRoundResult,
  type ChannelSpec,
  processChannelOnce,
  startChannelWorker,
} from '../../core/channels/channel-worker.ts';
import { readSmsSendSettings } from '../../core/channels/sms-settings.service.ts';
import { sendSms } from './sms-providers.ts';

export const smsChannel: ChannelSpec = {
  channel: 'sms',
  quietHours: true,
  async sender(deps) {
    const settings = await readSmsSendSettings(deps);
    if (!settings.enabled || settings.token === '' || settings.from === '') return null;
    return {
      provider: settings.provider,
      dailyCap: settings.dailyCap,
      send: (to, body, options) => sendSms(settings, to, body, options),
    };
  },
};

/** One round of SMS. */
export function processSmsOnce(deps: AppDeps): Promise<ChannelRoundResult> {
  return processChannelOnce(deps, smsChannel);
}

export function startSmsWorker(
  deps: AppDeps,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
) {
  return startChannelWorker(deps, smsChannel, options);
}
