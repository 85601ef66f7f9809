// The hours SMS and WhatsApp notices wait (issue 36): none between 21:00 and 08:00 in the
// service's time zone, and the local day a number's daily cap counts. Brazil keeps no summer
// time, so a day is 24 hours.
import { startOfDayUtc, zoneParts } from '../format.ts';

/** Phone notices may go from 08:00 to 21:00, local time. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
const HOUR_MS = 3_600_000;

/** The service's calendar day of `at` (YYYY-MM-DD) and its hour. */
function localDay(at: Date): { date: string; hour: number } {
  const p = zoneParts(at.getTime());
  return { date: `${p.y}-${p.m}-${p.d}`, hour: Number(p.h) };
}

/** The next 08:00 local after `at` (the same day's when before it). */
export function nextMorning(at: Date): Date {
  const { date, hour } = localDay(at);
  const day = startOfDayUtc(date, hour >= QUIET_UNTIL_HOUR ? 1 : 0);
  return new Date(Date.parse(day) + QUIET_UNTIL_HOUR * HOUR_MS);
}

/** Until when phone notices wait at `at`: the next 08:00 during the quiet hours, null outside them. */
export function quietUntil(at: Date): Date | null {
  const { hour } = localDay(at);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR ? nextMorning(at) : null;
}

/** `at`'s calendar day in the service's time zone (YYYY-MM-DD): the daily cap's day. */
export function localDate(at: Date): string {
  return localDay(at).date;
}
