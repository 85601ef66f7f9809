// Days and times as the field app shows them: the service's calendar day (YYYY-MM-DD, in
// America/Sao_Paulo) and the next or previous one, and a time of day as HH:MM.
import type { Language } from '@acende/shared/enums';
import { SERVICE_TIME_ZONE } from '@acende/shared/time-zone';
import { serviceDay } from '../../../lib/service-day.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day `days` after `day` (before, when negative). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day the page asks for (`?dia=`), when it is one; today otherwise. */
export function chosenDay(param: string | null, now = new Date()): string {
  return param && DAY.test(param) && !Number.isNaN(Date.parse(param)) ? param : serviceDay(now);
}

/** HH:MM of an instant, on the service's clock. */
export function timeOf(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: SERVICE_TIME_ZONE,
  }).format(new Date(iso));
}

/** A day as the crew reads it (seg., 1 de dez.). */
export function dayLabel(day: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}
