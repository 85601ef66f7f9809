// The work orders of one day (today in the service's time zone unless the address says
// another, ?day=): crew, stops done of the total and state, each opening its route.
import { useId } from 'react';
import { LinkButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDayWorkOrders } from '../api/get-work-orders.ts';
import { WorkOrderStateBadge } from './state-badges.tsx';

export function DayOrdersSection({ day, onDay }: { day: string; onDay: (day: string) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const orders = useDayWorkOrders(day);
  const columns = {
    crew: t('admin-work.page.orders.crew'),
    stops: t('admin-work.page.orders.stops'),
    state: t('admin-work.page.orders.state'),
    actions: t('admin-work.page.orders.actions'),
  };
  return (
    <section className="grid gap-3">
      <h2 id={headingId} className="font-heading text-xl font-semibold">
        {t('admin-work.page.orders.title')}
      </h2>
      <TextField
        id={`${headingId}-day`}
        type="date"
        className="max-w-[14rem]"
        label={t('admin-work.page.orders.day')}
        value={day}
        onChange={(event) => onDay(event.target.value)}
      />
      <QueryState query={orders} errorMessage={t('admin-work.page.loadError')} retryLabel={t('admin-work.page.retry')}>
        {(rows) =>
          rows.length === 0 ? (
            <p>{t('admin-work.page.orders.empty')}</p>
          ) : (
            <Table label={t('admin-work.page.orders.title')} className="min-w-[560px]">
              <TableHeader>
                <TableRow>
                  <TableHead>{columns.crew}</TableHead>
                  <TableHead>{columns.stops}</TableHead>
                  <TableHead>{columns.state}</TableHead>
                  <TableHead>{columns.actions}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((order) => (
                  <TableRow key={order.id}>
                    <TableCell label={columns.crew} className="font-medium">
                      {order.crewName}
                    </TableCell>
                    <TableCell label={columns.stops}>
                      {t('admin-work.page.orders.progress', { done: order.done, total: order.stops })}
                    </TableCell>
                    <TableCell label={columns.state}>
                      <WorkOrderStateBadge state={order.state} />
                    </TableCell>
                    <TableCell label={columns.actions}>
                      <LinkButton
                        variant="secondary"
                        size="sm"
                        to={`/admin/work-orders/${order.id}`}
                        aria-label={t('admin-work.page.orders.openLabel', { id: order.id })}
                      >
                        {t('admin-work.page.orders.open')}
                      </LinkButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )
        }
      </QueryState>
    </section>
  );
}
