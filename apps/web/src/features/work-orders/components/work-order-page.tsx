// /admin/work-orders/:id: one work order: crew, day, state and the route's length, the stops
// in route order (with what the crew recorded at each) beside the map that numbers them, and
// "Cancelar ordem" (asked to confirm) for operators and admins while it is planned or under way.
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { useSite } from '../../../components/map/get-site.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCancelWorkOrder } from '../api/cancel-work-order.ts';
import { useWorkOrder } from '../api/get-work-order.ts';
import { RouteStops } from './route-stops.tsx';
import { WorkOrderStateBadge } from './state-badges.tsx';

const RouteMap = lazy(() => import('./route-map.tsx'));

export default function WorkOrderPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const order = useWorkOrder(id);
  const site = useSite();
  const role = useAdminProfile().data?.role;
  const canWrite = role === 'admin' || role === 'user';
  const cancel = useCancelWorkOrder();
  const [asking, setAsking] = useState(false);
  const km = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const missing = order.error instanceof ApiError && order.error.status === 404;

  const confirmCancel = () => {
    setAsking(false);
    cancel.mutate(id, {
      onSuccess: () => announceSaved(t('admin-work.page.detail.cancelled')),
      onError: (error) =>
        toast({
          title: t('admin-work.page.detail.cancelError'),
          description: errorMessage(error, t('common.errors.generic')),
          variant: 'destructive',
        }),
    });
  };

  return (
    <QueryPage
      title={t('admin-work.page.detail.title', { id })}
      above={
        <Link
          to={order.data ? `/admin/work-orders?day=${order.data.day}` : '/admin/work-orders'}
          className="text-blue-800 underline"
        >
          {t('admin-work.page.detail.back')}
        </Link>
      }
      actions={
        canWrite && order.data && (order.data.state === 'planned' || order.data.state === 'in_progress') ? (
          <Button variant="danger" disabled={cancel.isPending} onClick={() => setAsking(true)}>
            {t('admin-work.page.detail.cancel')}
          </Button>
        ) : null
      }
      query={order}
      errorMessage={
        missing ? errorMessage(order.error, t('admin-work.page.loadError')) : t('admin-work.page.loadError')
      }
      retryLabel={t('admin-work.page.retry')}
    >
      {(data) => (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <p className="font-medium">
              {t('admin-work.page.detail.summary', { crew: data.crewName, company: data.companyName, day: data.day })}
            </p>
            <WorkOrderStateBadge state={data.state} />
          </div>
          <p className="text-gray-700">
            {t('admin-work.page.detail.length', { km: km.format(data.routeMetres / 1000) })}
            {data.overdueFirst ? ` · ${t('admin-work.page.detail.overdueFirst')}` : null}
          </p>
          <h2 className="font-heading text-xl font-semibold">{t('admin-work.page.detail.route')}</h2>
          <RouteStops workOrderId={data.id} stops={data.stops} />
          {site.data && data.stops.length > 0 ? (
            <Suspense fallback={<Spinner />}>
              <RouteMap
                order={data}
                tileUrl={site.data.tileUrl}
                attribution={site.data.tileAttribution}
                fallback={site.data.map}
                label={t('admin-work.page.detail.map')}
              />
            </Suspense>
          ) : null}
          <ConfirmDialog
            open={asking}
            title={t('admin-work.page.detail.cancelTitle', { id })}
            description={t('admin-work.page.detail.cancelBody')}
            confirmLabel={t('admin-work.page.detail.cancel')}
            cancelLabel={t('admin-work.page.detail.keep')}
            onConfirm={confirmCancel}
            onCancel={() => setAsking(false)}
          />
        </div>
      )}
    </QueryPage>
  );
}
