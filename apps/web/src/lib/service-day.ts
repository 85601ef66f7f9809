// The calendar day as the service counts it (America/Sao_Paulo, time-zone.ts), YYYY-MM-DD:
// a supervisor late in the evening in another zone still plans Brazil's day.
import { SERVICE_TIME_ZONE } from '@acende/shared/time-zone';

export function serviceDay(at: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SERVICE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
