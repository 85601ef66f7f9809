// A GET's query parameters as GeoReport v2 writes them: lists as `a,b,c` or the parameter
// repeated, dates in the W3C profile of ISO 8601 with a zone, checked against the calendar and
// held within the years the stored text can write, a span of 90 days at most.
import { AppError } from '../../lib/errors.ts';

/** `a,b,c` (or the same parameter repeated) as a list of trimmed, non-empty items. */
export function listParam(value: unknown): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
  const items = parts.map((p) => p.trim()).filter((p) => p !== '');
  // Only blanks and commas: no filter, as an empty value (an empty list made `in ()`, which
  // PostgreSQL refuses with a 500).
  return items.length > 0 ? items : undefined;
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Whether the calendar has the text's day and clock time (Date rolls 2026-02-30 on to March). */
function onTheCalendar(text: string): boolean {
  const [year, month, day, hour, minute, second = 0] = (
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(text) ?? []
  )
    .slice(1)
    .filter((part) => part !== undefined)
    .map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    asUtc.getUTCMonth() === month - 1 &&
    asUtc.getUTCDate() === day &&
    asUtc.getUTCHours() === hour &&
    asUtc.getUTCMinutes() === minute &&
    asUtc.getUTCSeconds() === second
  );
}

export function dateParam(value: unknown): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const text = Array.isArray(value) ? undefined : String(value);
  const date = text && ISO_WITH_ZONE.test(text) && onTheCalendar(text) ? new Date(text) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new AppError('admin-open311.open311.error.dateInvalid', 400);
  return date;
}

/** The stored instants' range: years 0 to 9999, four digits (toISOString writes others as ±YYYYYY). */
const FIRST_INSTANT = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** An instant as the stored text compares with it, held within the years that text can write. */
export function storedText(date: Date): string {
  return new Date(Math.min(LAST_INSTANT, Math.max(FIRST_INSTANT, date.getTime()))).toISOString();
}

/** The longest span a GET may name, and the one it covers when it names one date or none (the spec's 90 days). */
export const SPAN_MAX_MS = 90 * 24 * 3600 * 1000;

/**
 * A GET's `start_date`/`end_date` as the stored instants' inclusive bounds: without dates the
 * 90 days before `now`, with one the 90 days from (or to) it. The spec refuses a span over 90
 * days; this says so rather than answering (decision 0064).
 */
export function dateSpan(query: Record<string, unknown>, now: Date): { from: string; to: string } {
  const start = dateParam(query.start_date);
  const end = dateParam(query.end_date);
  const to = end ?? (start ? new Date(start.getTime() + SPAN_MAX_MS) : now);
  const from = start ?? new Date(to.getTime() - SPAN_MAX_MS);
  if (from.getTime() > to.getTime()) throw new AppError('admin-open311.open311.error.dateRange', 400);
  if (to.getTime() - from.getTime() > SPAN_MAX_MS) throw new AppError('admin-open311.open311.error.dateSpan', 400);
  return { from: storedText(from), to: storedText(to) };
}
