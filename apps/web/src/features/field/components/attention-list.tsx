// What the crew must decide on: an action the office's change made a conflict (the request as
// the office left it, "Enviar mesmo assim" or "Descartar") and one the server refused (its
// reason, "Descartar"). Nothing is overwritten without the crew's say.
import type { RequestStatus } from '@acende/shared/enums';
import type { CrewDay } from '@acende/shared/schemas/crew';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { timeOf } from '../lib/field-day.ts';
import { findStop } from '../lib/find-stop.ts';
import type { QueueItem } from '../lib/queue.ts';
import { isOnline } from '../lib/use-online.ts';
import { useFieldServices, useQueueSnapshot } from './field-context.tsx';

const CLOSED = new Set<string>(['completed', 'cancelled']);

function OfficeState({ item }: { item: QueueItem }) {
  const { t, i18n } = useTranslation();
  const current = item.current;
  if (!current) return null;
  if (!current.inScope) return <p>{t('field-app.queue.transferred')}</p>;
  return (
    <ul className="grid gap-1">
      <li className="font-semibold">
        {t('field-app.queue.officeStatus', { status: t(`common.status.${current.status as RequestStatus}`) })}
      </li>
      <li>{t('field-app.queue.officeUpdated', { time: timeOf(current.updatedAt, i18n.language) })}</li>
      {current.notes ? <li>{t('field-app.queue.officeNotes', { notes: current.notes })}</li> : null}
      {current.description ? (
        <li>{t('field-app.queue.officeDescription', { description: current.description })}</li>
      ) : null}
    </ul>
  );
}

function AttentionItem({ item, day }: { item: QueueItem; day: CrewDay }) {
  const { t } = useTranslation();
  const { queue } = useFieldServices();
  const found = findStop(day, item.action.stopId);
  const stop = found?.stop ?? item.current;
  const title = t('field-app.queue.item', {
    kind: t(`field-app.queue.kind.${item.action.kind}`),
    position: stop?.position ?? '?',
    address: stop?.address ?? `#${item.action.stopId}`,
  });
  const conflict = item.state === 'conflict';
  // The server answers a closed or transferred request with a conflict whatever the key: sending
  // again could only end the same way, so the crew is told so and may only let it go.
  const current = item.current;
  const stillOpen = current?.inScope === true && !CLOSED.has(current.status);
  return (
    <li
      className={`grid gap-2 rounded-theme border-2 p-3 ${conflict ? 'border-amber-700 bg-amber-50' : 'border-red-800 bg-red-50'}`}
      aria-label={title}
    >
      <h3 className="font-bold">{title}</h3>
      {conflict ? (
        <>
          <p>{t('field-app.queue.conflict')}</p>
          <OfficeState item={item} />
          {current?.inScope && !stillOpen ? <p>{t('field-app.queue.closed')}</p> : null}
        </>
      ) : (
        <p>{t('field-app.queue.refused', { message: item.message ?? '' })}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {conflict && stillOpen ? (
          <Button
            className="min-h-12"
            onClick={() => void queue.resend(item.action.key).then(() => (isOnline() ? queue.sync() : undefined))}
          >
            {t('field-app.queue.resend')}
          </Button>
        ) : null}
        <Button variant="secondary" className="min-h-12" onClick={() => void queue.discard(item.action.key)}>
          {t('field-app.queue.discard')}
        </Button>
      </div>
    </li>
  );
}

export function AttentionList({ day }: { day: CrewDay }) {
  const { t } = useTranslation();
  const items = useQueueSnapshot().queue.filter((item) => item.state !== 'pending');
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="campo-attention" className="grid gap-2">
      <h2 id="campo-attention" className="font-heading text-lg font-bold">
        {t('field-app.queue.title')}
      </h2>
      <ul className="grid gap-2">
        {items.map((item) => (
          <AttentionItem key={item.action.key} item={item} day={day} />
        ))}
      </ul>
    </section>
  );
}
