// The SMS provider the settings name (decision 0061): Twilio's Messages API or Zenvia's API v2.
import type { SmsSendSettings } from '../../core/channels/sms-settings.service.ts';
import { sendTwilioSms } from './twilio.ts';
import { sendZenviaSms } from './zenvia.ts';

/** Sends one SMS through the configured provider; answers its id for the message, or throws SmsSendError. */
export function sendSms(
  settings: SmsSendSettings,
  to: string,
  body: string,
  options: { timeoutMs: number; now: () => number },
): Promise<{ id: string }> {
  return settings.provider === 'zenvia'
    ? sendZenviaSms(settings, to, body, options)
    : sendTwilioSms(settings, to, body, options);
}
