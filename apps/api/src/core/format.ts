// How report values read in exports: dates in the service's time zone, numbers and
// labels in the caller's language. Pure, shared by the PDF and CSV writers.
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import { REPORT_TIME_ZONE } from '@acende/shared/schemas/reports';

const DAY_MS = 86_400_000;

// Intl formatters are costly to build: exports format 100,000s of values, so each is built once.
const zoneFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: REPORT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const numberFormats = new Map<string, Intl.NumberFormat>();

/** An instant's calendar parts in the service's time zone, as two-digit texts. */
export function zoneParts(instant: number) {
  const parts = zoneFormat.formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute'), s: get('second') };
}

function zoneOffsetMs(instant: number): number {
  const p = zoneParts(instant);
  return Date.UTC(Number(p.y), Number(p.m) - 1, Number(p.d), Number(p.h), Number(p.min), Number(p.s)) - instant;
}

/** The UTC instant at which a calendar day (YYYY-MM-DD) starts in the service's time zone. */
export function startOfDayUtc(date: string, addDays = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d + addDays);
  let instant = guess - zoneOffsetMs(guess);
  const corrected = guess - zoneOffsetMs(instant);
  if (corrected !== instant) instant = corrected;
  return new Date(instant).toISOString();
}

/** pt: 21/11/2026 14:05, en: 2026-11-21 14:05 (the service's time zone). */
export function formatDateTime(iso: string, language: Language): string {
  const p = zoneParts(new Date(iso).getTime());
  return language === 'pt' ? `${p.d}/${p.m}/${p.y} ${p.h}:${p.min}` : `${p.y}-${p.m}-${p.d} ${p.h}:${p.min}`;
}

/** A filter date (YYYY-MM-DD) as the reader writes dates. */
export function formatDate(date: string, language: Language): string {
  const [y, m, d] = date.split('-');
  return language === 'pt' ? `${d}/${m}/${y}` : date;
}

export function formatNumber(value: number, language: Language, fractionDigits = 0): string {
  const key = `${language}${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : 'en-US', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: false,
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A duration as hours under two days, as days beyond. */
export function formatDuration(seconds: number | null, language: Language): string {
  if (seconds === null) return '—';
  const hours = seconds / 3600;
  if (hours < 48)
    return translate(language, 'admin-reports.reports.duration.hours', { value: formatNumber(hours, language, 1) });
  return translate(language, 'admin-reports.reports.duration.days', { value: formatNumber(hours / 24, language, 1) });
}

export function wholeDays(fromIso: string, toIso: string | number): number {
  const to = typeof toIso === 'number' ? toIso : new Date(toIso).getTime();
  return Math.max(0, Math.floor((to - new Date(fromIso).getTime()) / DAY_MS));
}

export function areaLabel(city: string | null, district: string | null, language: Language): string {
  if (district && city) return `${district}, ${city}`;
  return district ?? city ?? translate(language, 'admin-reports.reports.area.unknown');
}

/** Linear-interpolated percentile (0..1) of an ascending list; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * p;
  const lo = Math.floor(position);
  const hi = Math.ceil(position);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return Math.round(a + (b - a) * (position - lo));
}
