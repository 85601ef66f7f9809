// The SMS notices of a request (issue 36), in the filer's language: its confirmation, each
// status change (completion with the rating link, reopening) and how to stop them. Written
// with Portuguese's accents and sent in GSM-7 (toGsm7), so a notice fits one 160-character
// segment with a tracking address of up to about 40 characters (sms.templates.test.ts).
import type { Language, RequestStatus } from '@acende/shared/enums';
import { toGsm7 } from './sms-text.ts';

export type SmsKind = 'request_confirmation' | 'status_update';

const texts = {
  pt: {
    request_confirmation: (id: number, url: string) =>
      `Acende: solicitação nº ${id} recebida. Acompanhe: ${url} Responda SAIR para não receber mais SMS.`,
    open: (id: number, url: string) => `Acende: a solicitação nº ${id} foi reaberta. ${url} Responda SAIR para parar.`,
    in_progress: (id: number, url: string) =>
      `Acende: a solicitação nº ${id} está em andamento. ${url} Responda SAIR para parar.`,
    completed: (id: number, url: string) =>
      `Acende: a solicitação nº ${id} foi concluída. Avalie o reparo: ${url} Responda SAIR para parar.`,
    cancelled: (id: number, url: string) =>
      `Acende: a solicitação nº ${id} foi cancelada. Veja o motivo: ${url} Responda SAIR para parar.`,
    stopped: 'Acende: você não receberá mais SMS sobre suas solicitações. Para voltar a receber, responda VOLTAR.',
    started: 'Acende: você voltará a receber SMS sobre as solicitações em que os pediu.',
    test: 'Acende: SMS de teste. As configurações de SMS funcionam.',
  },
  en: {
    request_confirmation: (id: number, url: string) =>
      `Acende: request no. ${id} received. Track it: ${url} Reply STOP to get no more texts.`,
    open: (id: number, url: string) => `Acende: request no. ${id} was reopened. ${url} Reply STOP to opt out.`,
    in_progress: (id: number, url: string) => `Acende: request no. ${id} is in progress. ${url} Reply STOP to opt out.`,
    completed: (id: number, url: string) =>
      `Acende: request no. ${id} was completed. Rate the repair: ${url} Reply STOP to opt out.`,
    cancelled: (id: number, url: string) =>
      `Acende: request no. ${id} was cancelled. See why: ${url} Reply STOP to opt out.`,
    stopped: 'Acende: you will get no more texts about your requests. Reply START to get them again.',
    started: 'Acende: you will get texts again about the requests you asked them for.',
    test: 'Acende: a test text. The SMS settings work.',
  },
} as const;

/** The confirmation of a new request, with its tracking address. */
export function smsConfirmation(language: Language, id: number, url: string): string {
  return toGsm7(texts[language].request_confirmation(id, url));
}

/** A status change: `url` is the tracking address, or the rating address on completion. */
export function smsStatusUpdate(language: Language, id: number, status: RequestStatus, url: string): string {
  return toGsm7(texts[language][status](id, url));
}

/** The one answer to a SAIR/STOP reply. */
export function smsStopped(language: Language): string {
  return toGsm7(texts[language].stopped);
}

/** The answer to a VOLTAR/START reply. */
export function smsStarted(language: Language): string {
  return toGsm7(texts[language].started);
}

/** The admin's test SMS. */
export function smsTest(language: Language): string {
  return toGsm7(texts[language].test);
}

/** The replies that stop a number's notices, as people type them (any case, with or without accents). */
const STOP_WORDS = new Set([
  'SAIR',
  'PARAR',
  'PARE',
  'CANCELAR',
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
]);

const START_WORDS = new Set(['VOLTAR', 'START', 'UNSTOP', 'YES']);

/** A reply as one word: accents, case and a final full stop do not count. */
const replyWord = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();

export function isStopReply(text: string): boolean {
  return STOP_WORDS.has(replyWord(text));
}

/** The replies that bring them back. */
export function isStartReply(text: string): boolean {
  return START_WORDS.has(replyWord(text));
}
