// Not on react-hook-form (issue 34): its form is one search box that goes to /track/:id, on a public page's first load (decision 0024).
// The tracking page at /track and /track/:id (lazily loaded): a number search box and
// the request's status, details and history. Contact details come masked unless the
// link's ?t= token is right (decision 0002 §8).
import { MAP_HEIGHT_PX } from '@acende/shared/constants';
import type { RequestStatus } from '@acende/shared/enums';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PointMap } from '../../../components/map/point-map.tsx';
import { RepairDate } from '../../../components/requests/repair-date.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useLoadedAndIdle } from '../../../lib/use-loaded-and-idle.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRepairRequest } from '../api/get-repair-request.ts';
import { formatDateTime, relativeTime } from '../lib/relative-time.ts';
import { isRequestNumber, typedRequestNumber } from '../lib/request-number.ts';

// The merged notice, rating, reopen section and published photos: one chunk, off the first load
// (decision 0024's budget); the repair date is drawn with the request (a line arriving later
// moved the page down: Lighthouse CLS 0.025 on /track/{id}).
const TrackingExtras = lazy(() => import('./tracking-extras.tsx'));

const STATUS_STYLES: Record<RequestStatus, string> = {
  open: 'bg-blue-100 text-blue-900 border-blue-300',
  in_progress: 'bg-amber-100 text-amber-950 border-amber-400',
  completed: 'bg-green-100 text-green-900 border-green-400',
  cancelled: 'bg-gray-200 text-gray-900 border-gray-400',
};

export function mapsLink(latitude: string, longitude: string): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
}

export function StatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      className={`inline-flex items-center rounded-full border px-3 py-1 text-sm font-semibold ${STATUS_STYLES[status]}`}
    >
      {t(`common.status.${status}`)}
    </span>
  );
}

export default function TrackingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('t');
  const [number, setNumber] = useState(id && /^\d+$/.test(id) ? id : '');
  const [hint, setHint] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const valid = id !== undefined && isRequestNumber(id);
  const query = useRepairRequest(valid ? id : undefined, token);
  const [showMap, setShowMap] = useState(false);
  const language = currentLanguage();

  usePageTitle(t('public.track.title'));

  useEffect(() => {
    setNumber(id && /^\d+$/.test(id) ? id : '');
    setHint(false);
    setShowMap(false);
  }, [id]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const found = typedRequestNumber(number);
    setHint(found === undefined);
    if (found === undefined) searchBox.current?.focus();
    else navigate(`/track/${found}`);
  };

  const request = query.data;
  // The end's extras (rating, reopen, photos; zod and react-hook-form) are drawn once the request
  // is drawn and the browser is idle; the top's (merged notice, repair date) at once (decision 0054).
  const extras = useLoadedAndIdle(request !== undefined);
  const errorKey =
    query.error instanceof ApiError && query.error.status === 404
      ? 'public.track.notFound'
      : query.error && String(query.error.message).includes('404')
        ? 'public.track.notFound'
        : 'public.track.error';

  return (
    <section aria-labelledby="track-title" className="mx-auto grid max-w-2xl gap-6">
      <h1 id="track-title" className="font-heading text-2xl font-bold">
        {t('public.track.title')}
      </h1>

      <form onSubmit={onSearch} noValidate className="grid gap-1">
        <label htmlFor="track-number" className="font-medium">
          {t('public.track.searchLabel')}
        </label>
        <div className="flex gap-2">
          <input
            id="track-number"
            ref={searchBox}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            placeholder={t('public.track.searchPlaceholder')}
            value={number}
            aria-invalid={hint || undefined}
            aria-describedby={hint ? 'track-number-hint' : undefined}
            onChange={(event) => setNumber(event.target.value)}
            className="w-full flex-1 rounded-theme border border-gray-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-blue-700"
          />
          <Button type="submit">{t('public.track.search')}</Button>
        </div>
        {hint && (
          <p id="track-number-hint" role="alert" className="text-red-800">
            {t('public.track.searchHint')}
          </p>
        )}
      </form>

      {id !== undefined && !valid ? (
        <p role="alert" className="rounded-theme border border-red-700 bg-red-50 p-4 text-red-900">
          {t('common.validation.id.invalid')}
        </p>
      ) : query.isFetching && !request ? (
        // While the request loads it keeps the room it will take: the footer stays below the
        // fold instead of jumping down when the request arrives (no layout shift).
        <p className="flex min-h-dvh items-start gap-2">
          <Spinner />
          <span>{t('public.track.loading')}</span>
        </p>
      ) : query.isError ? (
        <p role="alert" className="rounded-theme border border-red-700 bg-red-50 p-4 text-red-900">
          {t(errorKey)}
        </p>
      ) : request ? (
        <article aria-labelledby="request-title" className="grid gap-4 rounded-theme border border-gray-300 p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="request-title" className="font-heading text-xl font-semibold">
              {t('public.track.request', { id: request.id })}
            </h2>
            <StatusBadge status={request.status} />
          </div>
          {request.duplicateOf ? (
            <Suspense fallback={null}>
              <TrackingExtras at="top" request={request} token={token} />
            </Suspense>
          ) : null}
          <RepairDate request={request} />
          <p className="text-sm text-gray-700">
            <time dateTime={request.createdAt} title={formatDateTime(request.createdAt, language)}>
              {t('public.track.createdAt', { relative: relativeTime(request.createdAt, language) })}
            </time>
          </p>
          {request.masked ? (
            <p className="rounded-theme border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
              {t('public.track.masked')}
            </p>
          ) : null}
          <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
            <dt className="font-medium text-gray-700">{t('public.track.contact')}</dt>
            <dd>
              <span className="block">{request.name || t('public.summary.notProvided')}</span>
              {request.phone ? <span className="block">{request.phone}</span> : null}
              {request.email ? <span className="block">{request.email}</span> : null}
            </dd>
            <dt className="font-medium text-gray-700">{t('public.track.address')}</dt>
            <dd className="break-words">
              {request.address}{' '}
              <a
                href={mapsLink(request.latitude, request.longitude)}
                target="_blank"
                rel="noreferrer noopener"
                className="text-blue-800 underline"
              >
                {t('public.track.mapsLink')}
              </a>
            </dd>
            {request.poleNumber ? (
              <>
                <dt className="font-medium text-gray-700">{t('public.track.pole')}</dt>
                <dd data-testid="track-pole">{request.poleNumber}</dd>
              </>
            ) : null}
            {request.reference ? (
              <>
                <dt className="font-medium text-gray-700">{t('public.track.reference')}</dt>
                <dd className="break-words">{request.reference}</dd>
              </>
            ) : null}
            <dt className="font-medium text-gray-700">{t('public.track.problemType')}</dt>
            <dd>{t(`common.problemType.${request.problemType}`)}</dd>
            <dt className="font-medium text-gray-700">{t('public.track.company')}</dt>
            <dd>
              {request.companyFullName ? `${request.companyFullName} (${request.companyName})` : request.companyName}
            </dd>
          </dl>

          <section aria-labelledby="timeline-title">
            <h3 id="timeline-title" className="mb-2 font-heading font-semibold">
              {t('public.track.timeline')}
            </h3>
            <ol className="grid gap-2 border-l-2 border-gray-300 pl-4">
              {request.timeline.map((entry) => (
                <li key={`${entry.at}-${entry.status}`} className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={entry.status} />
                  {entry.reopened ? <span className="text-sm font-medium">{t('public.track.reopened')}</span> : null}
                  <time dateTime={entry.at} className="text-sm text-gray-700">
                    {formatDateTime(entry.at, language)}
                  </time>
                </li>
              ))}
            </ol>
          </section>

          {extras ? (
            <Suspense fallback={null}>
              <TrackingExtras at="end" request={request} token={token} />
            </Suspense>
          ) : null}

          {showMap ? <TrackingMap latitude={request.latitude} longitude={request.longitude} /> : null}

          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {t('public.track.refresh')}
            </Button>
            <Button variant="secondary" onClick={() => setShowMap((shown) => !shown)} aria-expanded={showMap}>
              {t('public.track.viewOnMap')}
            </Button>
          </div>
        </article>
      ) : null}

      <Link to="/" className="justify-self-start text-blue-800 underline">
        {t('public.track.backHome')}
      </Link>
    </section>
  );
}

function TrackingMap({ latitude, longitude }: { latitude: string; longitude: string }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-hidden rounded-theme border border-gray-300">
      <PointMap
        lat={Number(latitude)}
        lon={Number(longitude)}
        label={t('public.location.map')}
        zoomLabels={{ in: t('public.location.zoomIn'), out: t('public.location.zoomOut') }}
        heightPx={MAP_HEIGHT_PX}
      />
    </div>
  );
}
