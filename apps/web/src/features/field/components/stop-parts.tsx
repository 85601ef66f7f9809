// The pieces a stop is shown with, in the list and in its detail: its badges (overdue, due,
// its outcome, waiting for signal, needing attention) and the "Navegar" link to the phone's maps.
import type { ProblemType } from '@acende/shared/enums';
import { BADGE_SHAPE } from '../../../components/ui/badge.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { timeOf } from '../lib/field-day.ts';
import type { StopView } from '../lib/queue.ts';

const badge = (tone: string) => cn(BADGE_SHAPE, 'border-2 font-semibold', tone);

export function StopBadges({ stop }: { stop: StopView }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1">
      {stop.outcome === 'fixed' ? (
        <span className={badge('border-green-800 bg-green-50 text-green-950')}>{t('field-app.stop.fixed')}</span>
      ) : null}
      {stop.outcome === 'not_possible' ? (
        <span className={badge('border-gray-800 bg-gray-100 text-gray-950')}>
          {t('field-app.stop.notPossible', {
            reason: stop.reason ? t(`field-app.notPossible.reasons.${stop.reason}`) : '',
          })}
        </span>
      ) : null}
      {stop.outcome === null && stop.arrivedAt ? (
        <span className={badge('border-blue-900 bg-blue-50 text-blue-950')}>
          {t('field-app.stop.arrivedAt', { time: timeOf(stop.arrivedAt, i18n.language) })}
        </span>
      ) : null}
      {stop.outcome === null && stop.overdue ? (
        <span className={badge('border-red-800 bg-red-700 text-white')}>{t('field-app.stop.overdue')}</span>
      ) : null}
      {stop.outcome === null && !stop.overdue && stop.dueAt ? (
        <span className={badge('border-gray-700 bg-white text-gray-950')}>
          {t('field-app.stop.due', { time: timeOf(stop.dueAt, i18n.language) })}
        </span>
      ) : null}
      {stop.waiting > 0 ? (
        <span className={badge('border-amber-700 bg-amber-100 text-amber-950')}>{t('field-app.stop.waiting')}</span>
      ) : null}
      {stop.attention > 0 ? (
        <span className={badge('border-amber-800 bg-white text-amber-950')}>{t('field-app.stop.attention')}</span>
      ) : null}
    </div>
  );
}

/** Directions to the stop in the phone's maps (Google Maps' address, which opens the app where there is one). */
export const navigationUrl = (stop: Pick<StopView, 'latitude' | 'longitude'>) =>
  `https://www.google.com/maps/dir/?api=1&destination=${stop.latitude},${stop.longitude}`;

export function NavigateLink({ stop, className }: { stop: StopView; className?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={navigationUrl(stop)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex min-h-12 items-center justify-center gap-2 rounded-theme border-2 border-blue-900 bg-white px-4 font-semibold text-blue-950 no-underline',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
        className,
      )}
    >
      {t('field-app.stop.navigate')}
      <span className="sr-only"> {t('field-app.stop.navigateTo', { position: stop.position })}</span>
    </a>
  );
}

/** Problem and pole on one line. */
export function StopFacts({ stop }: { stop: StopView }) {
  const { t } = useTranslation();
  return (
    <p>
      {t(`common.problemType.${stop.problemType as ProblemType}`)}
      {stop.poleNumber ? ` · ${t('field-app.stop.pole')} ${stop.poleNumber}` : null}
    </p>
  );
}
