// WhatsApp through the channels' worker (core/channels/channel-worker.ts): Meta's Cloud API,
// the quiet hours and the daily cap of a number (decision 0062).
import type { AppDeps } from '../../app-deps.ts';
import {
  type ChannelRoundResult,
  type ChannelSpec,
  processChannelOnce,
  startChannelWorker,
} from '../../core/channels/channel-worker.ts';
import type { WhatsappTemplateMessage } from '../../core/channels/whatsapp.templates.ts';
import { readWhatsappSendSettings } from '../../core/channels/whatsapp-settings.service.ts';
import { sendWhatsappTemplate } from './meta-cloud.ts';

export const whatsappChannel: ChannelSpec = {
  channel: 'whatsapp',
  quietHours: true,
  async sender(deps) {
    const settings = await readWhatsappSendSettings(deps);
    if (!settings.enabled || settings.accessToken === '' || settings.phoneNumberId === '') return null;
    return {
      provider: 'meta',
      dailyCap: settings.dailyCap,
      send: (to, body, options) =>
        sendWhatsappTemplate(settings, to, JSON.parse(body) as WhatsappTemplateMessage, options),
    };
  },
};

/** One round of WhatsApp. */
export function processWhatsappOnce(deps: AppDeps): Promise<ChannelRoundResult> {
  return processChannelOnce(deps, whatsappChannel);
}

export function startWhatsappWorker(
  deps: AppDeps,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
) {
  return startChannelWorker(deps, whatsappChannel, options);
}
