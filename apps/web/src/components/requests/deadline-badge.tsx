// A request against its due time (decision 0029): time left, overdue by how long, paused
// while cancelled, or met / missed once completed. Words and colour, never colour alone.
import { deadlineState } from '@acende/shared/schemas/repair-targets';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { BADGE_SHAPE } from '../ui/badge.ts';
import { formatDateTime } from './format.ts';

const STYLES = {
  on_time: 'border-gray-300 bg-white text-gray-900',
  overdue: 'border-red-300 bg-red-50 text-red-900',
  paused: 'border-gray-400 bg-gray-100 text-gray-900',
  met: 'border-green-300 bg-green-50 text-green-900',
  missed: 'border-amber-300 bg-amber-50 text-amber-900',
} as const;

/** A span of time as "2 d 3 h", "5 h 10 min" or "7 min". */
export function formatSpan(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

export function DeadlineBadge({
  request,
  now,
  showDue = false,
}: {
  request: { status: string; dueAt: string | null; closedAt?: string | null };
  now: number;
  /** Also the due time itself, after the words. */
  showDue?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const state = deadlineState(request, new Date(now));
  if (state === null || request.dueAt === null) return <span>—</span>;
  const due = Date.parse(request.dueAt);
  const words =
    state === 'overdue'
      ? t('admin-operations.operations.deadline.overdueBy', { time: formatSpan(now - due) })
      : state === 'on_time'
        ? t('admin-operations.operations.deadline.left', { time: formatSpan(due - now) })
        : t(`admin-operations.operations.deadline.${state}`);
  return (
    <span className="inline-grid max-w-full gap-0.5">
      <span
        data-deadline={state}
        className={cn(
          // One line in a wide table; it wraps in a phone's card and in the detail's column.
          showDue ? 'inline-block max-w-full rounded-lg border px-2 py-0.5 text-sm font-medium' : BADGE_SHAPE,
          STYLES[state],
        )}
      >
        {words}
      </span>
      {showDue ? (
        <span className="text-sm text-gray-700">
          {t('admin-operations.operations.deadline.dueAt', { at: formatDateTime(request.dueAt, i18n.language) })}
        </span>
      ) : null}
    </span>
  );
}
