// One stop (?parada=): what the pole needs, "Navegar", and what the crew did there:
// "Cheguei" at once, "Consertado" and "Não foi possível" through their forms. Each is queued
// on the phone under its own key with the request's updatedAt as downloaded, shown done at
// once, and sent when there is signal.
import type { CrewDay } from '@acende/shared/schemas/crew';
import { Fragment, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { findStop } from '../lib/find-stop.ts';
import { type QueuedAction, type StopView, stopWithQueue } from '../lib/queue.ts';
import { isOnline } from '../lib/use-online.ts';
import { useFieldServices, useQueueSnapshot } from './field-context.tsx';
import { FixForm, type FixInput } from './fix-form.tsx';
import { NotPossibleForm, type NotPossibleInput } from './not-possible-form.tsx';
import { NavigateLink, StopBadges, StopFacts } from './stop-parts.tsx';

type Mode = 'choose' | 'fix' | 'not_possible';

/** Queues an action of the stop and sends it when the phone has signal; false when the phone could not keep it. */
function useRecord(stop: { id: number; updatedAt: string }) {
  const { t } = useTranslation();
  const { queue, newKey } = useFieldServices();
  return async (
    details: FixInput | NotPossibleInput | { kind: 'arrive' },
    photos: { key: string; blob: Blob }[] = [],
  ): Promise<boolean> => {
    const action = {
      key: newKey(),
      stopId: stop.id,
      at: new Date().toISOString(),
      seenUpdatedAt: stop.updatedAt,
      ...details,
    } as QueuedAction;
    try {
      await queue.add(action, photos);
    } catch {
      toast({ title: t('field-app.actions.saveFailed'), variant: 'destructive' });
      return false;
    }
    announceSaved(t('field-app.actions.queued'));
    if (isOnline()) void queue.sync();
    return true;
  };
}

function StopInfo({ stop }: { stop: StopView }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('field-app.stop.problem'), <StopFacts key="problem" stop={{ ...stop, poleNumber: null }} />],
    ...(stop.poleNumber ? [[t('field-app.stop.pole'), stop.poleNumber] as [string, ReactNode]] : []),
    ...(stop.reference ? [[t('field-app.stop.reference'), stop.reference] as [string, ReactNode]] : []),
    ...(stop.description ? [[t('field-app.stop.description'), stop.description] as [string, ReactNode]] : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function StopActions({ day, stop }: { day: CrewDay; stop: StopView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('choose');
  const record = useRecord(stop);
  const done = async (saved: Promise<boolean>) => {
    if (await saved) navigate(`/campo?dia=${day.day}`);
  };
  return (
    <section aria-labelledby="campo-actions" className="grid gap-3 border-t-2 border-gray-300 pt-3">
      <h3 id="campo-actions" className="text-lg font-bold">
        {t('field-app.actions.title')}
      </h3>
      {mode === 'choose' ? (
        <div className="grid gap-3">
          {stop.arrivedAt === null ? (
            <Button className="min-h-14 text-lg" onClick={() => void record({ kind: 'arrive' })}>
              {t('field-app.actions.arrive')}
            </Button>
          ) : null}
          <Button className="min-h-14 text-lg" onClick={() => setMode('fix')}>
            {t('field-app.actions.fix')}
          </Button>
          <Button variant="secondary" className="min-h-14 border-2 text-lg" onClick={() => setMode('not_possible')}>
            {t('field-app.actions.notPossible')}
          </Button>
        </div>
      ) : mode === 'fix' ? (
        <FixForm
          materials={day.materials}
          onCancel={() => setMode('choose')}
          onSubmit={(input, photos) => done(record(input, photos))}
        />
      ) : (
        <NotPossibleForm
          companies={day.companies}
          onCancel={() => setMode('choose')}
          onSubmit={(input) => done(record(input))}
        />
      )}
    </section>
  );
}

export function StopDetail({ day, stopId }: { day: CrewDay; stopId: number }) {
  const { t } = useTranslation();
  const queue = useQueueSnapshot().queue;
  const found = findStop(day, stopId);
  const backLink = (
    <Link
      to={`/campo?dia=${day.day}`}
      className="inline-flex min-h-12 items-center font-semibold text-blue-800 underline"
    >
      <span aria-hidden="true">← </span>
      {t('field-app.stop.back')}
    </Link>
  );
  if (!found) {
    return (
      <div className="grid gap-3">
        {backLink}
        <p role="alert">{t('field-app.stop.notFound')}</p>
      </div>
    );
  }
  const stop = stopWithQueue(found.stop, queue);
  return (
    <article aria-labelledby="campo-stop" className="grid gap-4">
      {backLink}
      <header className="grid gap-1">
        <p className="font-semibold">
          {t('field-app.stop.number', { position: stop.position })} ·{' '}
          {t('field-app.stop.request', { id: stop.requestId })}
        </p>
        <h2 id="campo-stop" className="font-heading text-2xl font-bold">
          {stop.inScope ? stop.address : t('field-app.stop.number', { position: stop.position })}
        </h2>
      </header>
      {stop.inScope ? (
        <>
          <StopInfo stop={stop} />
          <StopBadges stop={stop} />
          <NavigateLink stop={stop} />
          {/* Done (or waiting on the crew's decision about a conflict): nothing more to do here. */}
          {stop.outcome === null && stop.attention === 0 ? <StopActions day={day} stop={stop} /> : null}
        </>
      ) : (
        <p>{t('field-app.stop.transferred')}</p>
      )}
    </article>
  );
}
