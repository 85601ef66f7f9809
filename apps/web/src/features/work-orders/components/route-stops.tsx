// A work order's stops in route order: the number on the map, the request (a link to it),
// the address, the problem, the pole, the status and "overdue" when its due time has passed,
// and what the crew recorded there. Under 640 px each stop is a card (the Table's).
import type { RequestStatus } from '@acende/shared/enums';
import type { WorkOrderStop } from '@acende/shared/schemas/work-orders';
import { StatusBadge } from '../../../components/requests/status-badge.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { OverdueBadge } from './state-badges.tsx';
import { StopRecord } from './stop-record.tsx';

export function RouteStops({ workOrderId, stops }: { workOrderId: number; stops: WorkOrderStop[] }) {
  const { t } = useTranslation();
  if (stops.length === 0) return <p>{t('admin-work.page.detail.noStops')}</p>;
  const columns = {
    position: t('admin-work.page.detail.position'),
    request: t('admin-work.page.detail.request'),
    address: t('admin-work.page.detail.address'),
    problem: t('admin-work.page.detail.problem'),
    pole: t('admin-work.page.detail.pole'),
    status: t('admin-work.page.detail.status'),
    record: t('admin-work.page.detail.stop.record'),
  };
  return (
    <Table label={t('admin-work.page.detail.route')} className="min-w-[1040px]">
      <TableHeader>
        <TableRow>
          {Object.values(columns).map((header) => (
            <TableHead key={header}>{header}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {[...stops]
          .sort((a, b) => a.position - b.position)
          .map((stop) => (
            <TableRow key={stop.id}>
              <TableCell label={columns.position} className="font-bold">
                {stop.position}
              </TableCell>
              <TableCell label={columns.request}>
                <Link to={`/admin/requests/${stop.requestId}`} className="text-blue-800 underline">
                  #{stop.requestId}
                </Link>
              </TableCell>
              <TableCell label={columns.address}>{stop.address}</TableCell>
              <TableCell label={columns.problem}>{t(`common.problemType.${stop.problemType}` as never)}</TableCell>
              <TableCell label={columns.pole}>{stop.poleNumber ?? t('admin-work.page.detail.noPole')}</TableCell>
              <TableCell label={columns.status}>
                <div className="flex flex-wrap gap-1">
                  <StatusBadge status={stop.status as RequestStatus} />
                  {stop.overdue ? <OverdueBadge /> : null}
                </div>
              </TableCell>
              <TableCell label={columns.record} className="align-top sm:min-w-[16rem]">
                <StopRecord workOrderId={workOrderId} stop={stop} />
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
