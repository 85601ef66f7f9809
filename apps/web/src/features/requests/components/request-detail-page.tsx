// /admin/requests/:id: the request, its contact, where it is (small map and a maps
// link), its history, and the update form (read-only for viewers, decision 0002 §2). On a
// phone the update form comes first; "back" returns to the list as it was left (its filters).

import { useLocation, useParams } from 'react-router';
import { PointMap } from '../../../components/map/point-map.tsx';
import { DeadlineBadge } from '../../../components/requests/deadline-badge.tsx';
import { formatDateTime } from '../../../components/requests/format.ts';
import { listReturnPath } from '../../../components/requests/list-return.ts';
import { StatusBadge } from '../../../components/requests/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRequest } from '../api/get-request.ts';
import { AnonymizeContact } from './anonymize-contact.tsx';
import { DuplicatePanel } from './duplicate-panel.tsx';
import { MediaLink } from './media-link.tsx';
import { RequestHistory } from './request-history.tsx';
import { RequestMessages } from './request-messages.tsx';
import { RequestPhotos } from './request-photos.tsx';
import { SamePoleWarning } from './same-pole-warning.tsx';
import { TransferRequest } from './transfer-request.tsx';
import { UpdateRequestForm } from './update-request-form.tsx';

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-2 py-1">
      <dt className="font-medium text-gray-800">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

export default function RequestDetailPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const request = useRequest(id);
  const profile = useAdminProfile().data;
  const backTo = listReturnPath(useLocation().state);

  usePageTitle(t('admin-operations.operations.detail.title', { id }));

  const back = (
    <Link to={backTo} className="text-blue-800 underline">
      {t('admin-operations.operations.detail.back')}
    </Link>
  );

  if (request.isPending && request.fetchStatus !== 'idle') return <Spinner />;
  if (request.isError || !request.data) {
    const missing =
      !request.data &&
      (!(request.error instanceof ApiError) || request.error.status === 404 || request.error.status === 400);
    return (
      <section className="grid justify-items-start gap-3">
        <h1 className="font-heading text-2xl font-bold">
          {t('admin-operations.operations.detail.title', { id: Number.isFinite(id) ? id : '' })}
        </h1>
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-red-700">
            {missing ? t('admin-operations.operations.detail.notFound') : t('admin-operations.operations.detail.error')}
          </p>
          {missing ? null : (
            <Button variant="secondary" onClick={() => void request.refetch()}>
              {t('admin-operations.operations.common.retry')}
            </Button>
          )}
        </div>
        {back}
      </section>
    );
  }

  const r = request.data;
  const lat = Number(r.latitude);
  const lon = Number(r.longitude);
  const hasPoint = Number.isFinite(lat) && Number.isFinite(lon);
  const mapsUrl = `https://www.openstreetmap.org/?mlat=${encodeURIComponent(r.latitude)}&mlon=${encodeURIComponent(r.longitude)}#map=18/${encodeURIComponent(r.latitude)}/${encodeURIComponent(r.longitude)}`;
  const canUpdate = profile?.role === 'admin' || profile?.role === 'user';

  return (
    <section className="grid gap-6">
      <div className="grid gap-2">
        {back}
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-heading text-2xl font-bold">
            {t('admin-operations.operations.detail.title', { id: r.id })}
          </h1>
          <StatusBadge status={r.status} />
        </div>
      </div>

      <SamePoleWarning others={r.openOnSamePole} />

      {/* The source follows the wide layout (the request's facts on the left, then the form
          heading the right column, then the history), so Tab goes as the eye does; on a phone's
          one column the form is moved first with CSS order only. */}
      <div className="grid gap-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
        <div className="grid content-start gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <section aria-labelledby="info-title" className="rounded-theme border border-gray-200 p-4">
            <h2 id="info-title" className="mb-2 font-heading text-xl font-semibold">
              {t('admin-operations.operations.detail.info')}
            </h2>
            <dl>
              <Item label={t('admin-operations.operations.detail.number')}>{r.id}</Item>
              <Item label={t('admin-operations.operations.detail.status')}>{t(`common.status.${r.status}`)}</Item>
              <Item label={t('admin-operations.operations.detail.problemType')}>
                {t(`common.problemType.${r.problemType}`)}
              </Item>
              <Item label={t('admin-operations.operations.detail.pole')}>
                {r.poleNumber ?? t('admin-operations.operations.common.notInformed')}
              </Item>
              {r.mediaUrl ? (
                <Item label={t('admin-operations.operations.detail.mediaUrl')}>
                  <MediaLink url={r.mediaUrl} />
                </Item>
              ) : null}
              <Item label={t('admin-operations.operations.detail.company')}>
                {r.company.name} — {r.company.fullName}
              </Item>
              <Item label={t('admin-operations.operations.detail.assignee')}>
                {r.assignedTo ?? t('admin-operations.operations.common.notAssigned')}
              </Item>
              <Item label={t('admin-operations.operations.detail.createdAt')}>
                {formatDateTime(r.createdAt, i18n.language)}
              </Item>
              <Item label={t('admin-operations.operations.deadline.label')}>
                <DeadlineBadge request={r} now={Date.now()} showDue />
              </Item>
              <Item label={t('admin-operations.operations.detail.updatedAt')}>
                {formatDateTime(r.updatedAt, i18n.language)}
              </Item>
              {r.notes ? <Item label={t('admin-operations.operations.detail.notes')}>{r.notes}</Item> : null}
              {r.rating ? (
                <>
                  <Item label={t('admin-operations.operations.detail.rating')}>
                    {t('admin-operations.operations.detail.ratingValue', {
                      score: r.rating.score,
                      date: formatDateTime(r.rating.at, i18n.language),
                    })}
                  </Item>
                  {r.rating.comment ? (
                    <Item label={t('admin-operations.operations.detail.ratingComment')}>
                      <span className="whitespace-pre-line">{r.rating.comment}</span>
                    </Item>
                  ) : null}
                </>
              ) : null}
            </dl>
          </section>

          <DuplicatePanel request={r} canUpdate={canUpdate} />

          <section aria-labelledby="contact-title" className="rounded-theme border border-gray-200 p-4">
            <h2 id="contact-title" className="mb-2 font-heading text-xl font-semibold">
              {t('admin-operations.operations.detail.contact')}
            </h2>
            <dl>
              <Item label={t('admin-operations.operations.detail.name')}>
                {r.name ?? t('admin-operations.operations.common.notInformed')}
              </Item>
              <Item label={t('admin-operations.operations.detail.phone')}>
                {r.phone ? (
                  <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`} className="text-blue-800 underline">
                    {r.phone}
                  </a>
                ) : (
                  t('admin-operations.operations.common.notInformed')
                )}
              </Item>
              <Item label={t('admin-operations.operations.detail.email')}>
                {r.email ? (
                  <a href={`mailto:${r.email}`} className="text-blue-800 underline">
                    {r.email}
                  </a>
                ) : (
                  t('admin-operations.operations.common.notInformed')
                )}
              </Item>
            </dl>
            <RequestMessages messages={r.messages} />
            <AnonymizeContact request={r} canAnonymize={profile?.role === 'admin'} />
          </section>

          <RequestPhotos requestId={r.id} canPublish={canUpdate} />

          <section aria-labelledby="location-title" className="rounded-theme border border-gray-200 p-4">
            <h2 id="location-title" className="mb-2 font-heading text-xl font-semibold">
              {t('admin-operations.operations.detail.location')}
            </h2>
            <dl>
              <Item label={t('admin-operations.operations.detail.address')}>{r.address}</Item>
              {r.reference ? (
                <Item label={t('admin-operations.operations.detail.reference')}>{r.reference}</Item>
              ) : null}
              <Item label={t('admin-operations.operations.detail.area')}>
                {r.district || r.city
                  ? [r.district, r.city].filter(Boolean).join(', ')
                  : t('admin-operations.operations.detail.unknownArea')}
              </Item>
              <Item label={t('admin-operations.operations.detail.coordinates')}>
                {r.latitude}, {r.longitude}
              </Item>
            </dl>
            <p className="my-2">
              <a href={mapsUrl} target="_blank" rel="noopener noreferrer" className="text-blue-800 underline">
                {t('admin-operations.operations.detail.openMap')}
              </a>
            </p>
            {hasPoint ? (
              <PointMap lat={lat} lon={lon} label={t('admin-operations.operations.detail.map')} heightPx={220} />
            ) : null}
          </section>
        </div>

        <section className="rounded-theme border border-gray-200 p-4 max-lg:order-first lg:col-start-2 lg:row-start-1">
          {canUpdate ? (
            <UpdateRequestForm request={r} onStale={() => void request.refetch()} />
          ) : (
            <p role="note">{t('admin-operations.operations.common.readOnly')}</p>
          )}
          {canUpdate ? <TransferRequest request={r} onStale={() => void request.refetch()} /> : null}
        </section>

        <section
          aria-labelledby="history-title"
          className="self-start rounded-theme border border-gray-200 p-4 lg:col-start-2 lg:row-start-2"
        >
          <h2 id="history-title" className="mb-3 font-heading text-xl font-semibold">
            {t('admin-operations.operations.detail.history')}
          </h2>
          <RequestHistory events={r.history} />
        </section>
      </div>
    </section>
  );
}
