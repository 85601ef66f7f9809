// What the crew recorded at one stop (decision 0068), as the office reads it: the outcome in
// words, the arrival and finish times in the service's time zone and the time on site, the
// notes, the materials, the company proposed for "not ours", and the photos as thumbnails,
// each a link to the full image in a new tab.
import type { NotPossibleReason, WorkOrderStop } from '@acende/shared/schemas/work-orders';
import { useTranslation } from '../../../lib/use-translation.ts';
import { timeOfDay } from './office-filters.tsx';

const stopPhotoUrl = (workOrderId: number, photoId: number, size: 'thumb' | 'full') =>
  `/api/admin/work-orders/${workOrderId}/photos/${photoId}?size=${size}`;

function Outcome({ stop }: { stop: WorkOrderStop }) {
  const { t } = useTranslation();
  const reasons: Record<NotPossibleReason, string> = {
    no_access: t('admin-work.page.detail.stop.reasons.no_access'),
    needs_lift: t('admin-work.page.detail.stop.reasons.needs_lift'),
    not_ours: t('admin-work.page.detail.stop.reasons.not_ours'),
  };
  const text =
    stop.outcome === 'fixed'
      ? t('admin-work.page.detail.stop.outcomeFixed')
      : stop.outcome === 'not_possible'
        ? t('admin-work.page.detail.stop.outcomeNotPossible', { reason: stop.reason ? reasons[stop.reason] : '—' })
        : stop.arrivedAt
          ? t('admin-work.page.detail.stop.outcomeAtStop')
          : t('admin-work.page.detail.stop.outcomePending');
  return <p className={stop.outcome ? 'font-medium' : 'text-gray-700'}>{text}</p>;
}

function Times({ stop }: { stop: WorkOrderStop }) {
  const { t, i18n } = useTranslation();
  if (!stop.arrivedAt && !stop.finishedAt) return null;
  const minutes =
    stop.arrivedAt && stop.finishedAt
      ? Math.round((Date.parse(stop.finishedAt) - Date.parse(stop.arrivedAt)) / 60_000)
      : null;
  return (
    <p className="flex flex-wrap gap-x-3">
      {stop.arrivedAt ? (
        <span>{t('admin-work.page.detail.stop.arrivedAt', { time: timeOfDay(stop.arrivedAt, i18n.language) })}</span>
      ) : null}
      {stop.finishedAt ? (
        <span>{t('admin-work.page.detail.stop.finishedAt', { time: timeOfDay(stop.finishedAt, i18n.language) })}</span>
      ) : null}
      {minutes !== null && minutes >= 0 ? (
        <span>{t('admin-work.page.detail.stop.onSite', { count: minutes })}</span>
      ) : null}
    </p>
  );
}

function Photos({ workOrderId, stop }: { workOrderId: number; stop: WorkOrderStop }) {
  const { t } = useTranslation();
  if (stop.photos.length === 0) return null;
  return (
    <ul aria-label={t('admin-work.page.detail.stop.photos')} className="flex flex-wrap gap-2">
      {stop.photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={stopPhotoUrl(workOrderId, photo.id, 'full')}
            target="_blank"
            rel="noopener noreferrer"
            className="block rounded focus-visible:outline-3 focus-visible:outline-blue-700"
          >
            <img
              src={stopPhotoUrl(workOrderId, photo.id, 'thumb')}
              alt={t('admin-work.page.detail.stop.photoAlt', { n: index + 1, stop: stop.position })}
              width={64}
              height={64}
              loading="lazy"
              className="h-16 w-16 rounded border border-gray-300 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The crew's record of `stop`, in the work order `workOrderId`. */
export function StopRecord({ workOrderId, stop }: { workOrderId: number; stop: WorkOrderStop }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <Outcome stop={stop} />
      <Times stop={stop} />
      {stop.proposedCompany ? (
        <p>{t('admin-work.page.detail.stop.proposedCompany', { company: stop.proposedCompany })}</p>
      ) : null}
      {stop.notes ? (
        <p className="break-words">{t('admin-work.page.detail.stop.notes', { notes: stop.notes })}</p>
      ) : null}
      {stop.materials.length > 0 ? (
        <div>
          <p className="font-medium">{t('admin-work.page.detail.stop.materials')}</p>
          <ul className="list-disc pl-5">
            {stop.materials.map((m) => (
              <li key={`${m.name}-${m.unit}`}>
                {t('admin-work.page.detail.stop.material', { name: m.name, quantity: m.quantity, unit: m.unit })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Photos workOrderId={workOrderId} stop={stop} />
    </div>
  );
}
