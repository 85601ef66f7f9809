// What a citizen is told of a request's repair deadline (decision 0052), on the success screen,
// the tracking page and the confirmation e-mail: zod-free, as it rides on the public pages.
import type { Language } from './enums.ts';
import { SERVICE_TIME_ZONE } from './time-zone.ts';

/**
 * `due`: being worked on, due at `dueAt`; `passed`: being worked on past it; `paused`: cancelled
 * (the clock stops and, should it be taken up again, goes on from there: decision 0029).
 */
export type CitizenDeadline = { kind: 'due' | 'passed'; dueAt: string } | { kind: 'paused' };

/**
 * The deadline line of a request at `now` (ms), or null: none for a completed request, for a
 * duplicate merged into another (that one's deadline is the citizen's), or without a due time.
 */
export function citizenDeadline(
  request: { status: string; dueAt: string | null; duplicateOf?: number | null },
  now: number,
): CitizenDeadline | null {
  if (request.status === 'cancelled') return request.duplicateOf ? null : { kind: 'paused' };
  if ((request.status !== 'open' && request.status !== 'in_progress') || !request.dueAt) return null;
  // Past it as the admin lists count overdue: strictly after the due time.
  return { kind: Date.parse(request.dueAt) < now ? 'passed' : 'due', dueAt: request.dueAt };
}

/**
 * The day of a due time as the citizen reads it: 01/12/2026 in both languages (the public
 * pages' English dates are en-GB), in the service's time zone, so the page and the e-mail
 * name the same day wherever they are read.
 */
export function formatDueDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', {
    dateStyle: 'short',
    timeZone: SERVICE_TIME_ZONE,
  }).format(new Date(iso));
}
