// The field app's one screen: the header (signal, what waits, sync, language, sign-out), what
// needs the crew's decision, the day picker, and the day's work orders or one stop (?parada=).
// Signed out (401) it sends the crew to the sign-in page; it comes back here after.
import { Navigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SaveStatus } from '../../../components/ui/save-status.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type DayView, useCrewDay } from '../api/get-crew-day.ts';
import { chosenDay, timeOf } from '../lib/field-day.ts';
import { useOnline } from '../lib/use-online.ts';
import { AttentionList } from './attention-list.tsx';
import { DayOrders } from './day-orders.tsx';
import { DayPicker } from './day-picker.tsx';
import { useFieldServices } from './field-context.tsx';
import { FieldHeader } from './field-header.tsx';
import { StopDetail } from './stop-detail.tsx';

function Freshness({ view }: { view: DayView }) {
  const { t, i18n } = useTranslation();
  const time = timeOf(view.savedAt, i18n.language);
  return view.fromDevice ? (
    <p data-testid="day-freshness" className="rounded-theme border-2 border-amber-700 bg-amber-50 p-2 font-medium">
      {t('field-app.day.offlineSince', { time })}
    </p>
  ) : (
    <p data-testid="day-freshness" className="text-sm text-gray-800">
      {t('field-app.day.updatedAt', { time })}
    </p>
  );
}

function DayContent({ day, stopId }: { day: string; stopId: number | null }) {
  const { t } = useTranslation();
  const { store } = useFieldServices();
  const query = useCrewDay(day, store);
  const online = useOnline();
  if (query.error instanceof ApiError && query.error.status === 401) {
    return <Navigate to="/admin/login" replace state={{ from: '/campo' }} />;
  }
  if (query.error instanceof ApiError && query.error.status === 403) {
    return (
      <div role="alert" className="grid gap-3">
        <p>{t('field-app.day.notCrew')}</p>
        <Link to="/admin" className="text-blue-800 underline">
          {t('field-app.day.toAdmin')}
        </Link>
      </div>
    );
  }
  if (query.isPending) return <Spinner className="justify-self-center p-6 text-lg" />;
  if (query.isError) {
    const offline = !online || !(query.error instanceof ApiError);
    return (
      <LoadError
        message={offline ? t('field-app.day.offlineNothing') : t('field-app.day.loadError')}
        retryLabel={t('field-app.day.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const view = query.data;
  return (
    <>
      <Freshness view={view} />
      <AttentionList day={view.data} />
      {stopId === null ? <DayOrders day={view.data} /> : <StopDetail day={view.data} stopId={stopId} />}
    </>
  );
}

export function FieldScreen() {
  const [params] = useSearchParams();
  const day = chosenDay(params.get('dia'));
  const stopId = Number(params.get('parada')) || null;
  return (
    <div className="min-h-dvh bg-white text-gray-950">
      <FieldHeader />
      <main id="campo-main" className="mx-auto grid max-w-xl gap-4 p-3 pb-10">
        <SaveStatus />
        {stopId === null ? <DayPicker day={day} /> : null}
        <DayContent day={day} stopId={stopId} />
      </main>
    </div>
  );
}
