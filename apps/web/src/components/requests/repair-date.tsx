// The citizen's repair date (decision 0052): "Previsão de reparo: até 01/12/2026", that it has
// passed, or that the clock is paused while the request is cancelled; after a transfer, that the
// date held (decision 0029). Shown by the success screen and the tracking page.
import { citizenDeadline, formatDueDate } from '@acende/shared/citizen-deadline';
import { currentLanguage } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../lib/deadline-catalogue.ts';

export function RepairDate({
  request,
  now = Date.now(),
}: {
  request: { status: string; dueAt: string | null; duplicateOf?: number | null; transferred?: boolean };
  now?: number;
}) {
  const { t } = useTranslation();
  const deadline = citizenDeadline(request, now);
  if (!deadline) return null;
  const passed = deadline.kind === 'passed';
  return (
    <div
      data-testid="repair-date"
      data-deadline={deadline.kind}
      className={passed ? 'rounded-theme border border-amber-400 bg-amber-50 p-3 text-amber-950' : undefined}
    >
      <p className={deadline.kind === 'due' ? 'font-semibold' : undefined}>
        {deadline.kind === 'paused'
          ? t('public-deadline.paused')
          : t(`public-deadline.${deadline.kind}`, { date: formatDueDate(deadline.dueAt, currentLanguage()) })}
      </p>
      {request.transferred && deadline.kind !== 'paused' ? (
        <p className="text-sm">{t('public-deadline.transferred')}</p>
      ) : null}
    </div>
  );
}
