// The day's work orders, each with its stops in route order on a map and as a list: every
// stop's address, reference, problem, pole, due badge and "Navegar", and its link to the stop.
import type { CrewDay, CrewWorkOrder } from '@acende/shared/schemas/crew';
import { lazy, Suspense } from 'react';
import { Link } from '../../../components/ui/link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serviceDay } from '../../../lib/service-day.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { dayLabel } from '../lib/field-day.ts';
import { type StopView, stopWithQueue } from '../lib/queue.ts';
import { useQueueSnapshot } from './field-context.tsx';
import { NavigateLink, StopBadges, StopFacts } from './stop-parts.tsx';

const StopsMap = lazy(() => import('./stops-map.tsx'));

export const stopPath = (day: string, stopId: number) => `/campo?dia=${day}&parada=${stopId}`;

function StopCard({ stop, day }: { stop: StopView; day: string }) {
  const { t } = useTranslation();
  return (
    <li className="grid gap-2 rounded-theme border-2 border-gray-700 p-3">
      <h3 className="text-lg font-bold">
        <Link
          to={stopPath(day, stop.id)}
          className="flex min-h-12 items-center gap-3 text-gray-950 no-underline focus-visible:outline-3 focus-visible:outline-blue-700"
        >
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-900 text-white"
          >
            {stop.position}
          </span>
          <span>
            <span className="sr-only">{t('field-app.stop.number', { position: stop.position })}: </span>
            <span className="underline underline-offset-4">
              {stop.inScope ? stop.address : t('field-app.stop.number', { position: stop.position })}
            </span>
          </span>
        </Link>
      </h3>
      {stop.inScope ? (
        <>
          {stop.reference ? (
            <p>
              {t('field-app.stop.reference')}: {stop.reference}
            </p>
          ) : null}
          <StopFacts stop={stop} />
          <StopBadges stop={stop} />
          <NavigateLink stop={stop} className="justify-self-start" />
        </>
      ) : (
        <p>{t('field-app.stop.transferred')}</p>
      )}
    </li>
  );
}

function OrderSection({ order, day }: { order: CrewWorkOrder; day: string }) {
  const { t } = useTranslation();
  const queue = useQueueSnapshot().queue;
  const stops = [...order.stops].sort((a, b) => a.position - b.position).map((stop) => stopWithQueue(stop, queue));
  const done = stops.filter((stop) => stop.outcome !== null).length;
  return (
    <section aria-labelledby={`campo-order-${order.id}`} className="grid gap-3">
      <div>
        <h2 id={`campo-order-${order.id}`} className="font-heading text-xl font-bold">
          {t('field-app.order.title', { id: order.id })}
        </h2>
        <p>
          {t(`field-app.order.state.${order.state}`)} · {t('field-app.order.progress', { done, total: stops.length })}
        </p>
      </div>
      {stops.length > 0 ? (
        <Suspense fallback={<Spinner />}>
          <StopsMap stops={stops} label={t('field-app.order.map', { id: order.id })} />
        </Suspense>
      ) : null}
      <ol className="grid gap-3">
        {stops.map((stop) => (
          <StopCard key={stop.id} stop={stop} day={day} />
        ))}
      </ol>
    </section>
  );
}

export function DayOrders({ day }: { day: CrewDay }) {
  const { t, i18n } = useTranslation();
  if (day.workOrders.length === 0) {
    return (
      <p className="rounded-theme border-2 border-gray-400 p-4 text-center text-lg">
        {day.day === serviceDay()
          ? t('field-app.day.empty')
          : t('field-app.day.emptyDay', { day: dayLabel(day.day, i18n.language) })}
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      {day.workOrders.map((order) => (
        <OrderSection key={order.id} order={order} day={day.day} />
      ))}
    </div>
  );
}
