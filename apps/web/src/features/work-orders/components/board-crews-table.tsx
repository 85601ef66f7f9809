// The dispatch board's table: a row per crew with work that day — its progress as a bar (stops
// visited of the total, in words too), its late stops, first arrival and last finish, and a
// link to each of its work orders. Under 640 px each row is a card (components/ui/table.tsx).
import type { BoardCrew } from '@acende/shared/schemas/work-orders';
import { BADGE_SHAPE } from '../../../components/ui/badge.ts';
import { Link } from '../../../components/ui/link.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { timeOfDay } from './office-filters.tsx';

function LateBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        BADGE_SHAPE,
        count > 0 ? 'border-red-300 bg-red-50 text-red-900' : 'border-gray-300 bg-gray-50 text-gray-900',
      )}
    >
      {t('admin-work.board.lateCount', { count })}
    </span>
  );
}

function CrewTimes({ crew }: { crew: BoardCrew }) {
  const { t, i18n } = useTranslation();
  if (!crew.firstArrival) return <span className="text-gray-700">{t('admin-work.board.notStarted')}</span>;
  return (
    <span className="grid">
      <span>{t('admin-work.board.firstArrival', { time: timeOfDay(crew.firstArrival, i18n.language) })}</span>
      {crew.lastFinish ? (
        <span>{t('admin-work.board.lastFinish', { time: timeOfDay(crew.lastFinish, i18n.language) })}</span>
      ) : null}
    </span>
  );
}

export function BoardCrewsTable({ crews }: { crews: BoardCrew[] }) {
  const { t } = useTranslation();
  const columns = {
    crew: t('admin-work.board.crew'),
    progress: t('admin-work.board.progress'),
    late: t('admin-work.board.late'),
    times: t('admin-work.board.times'),
    orders: t('admin-work.board.orders'),
  };
  return (
    <Table label={t('admin-work.board.table')} className="min-w-[760px]">
      <TableHeader>
        <TableRow>
          {Object.values(columns).map((name) => (
            <TableHead key={name}>{name}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {crews.map((crew) => (
          <TableRow key={crew.id}>
            <TableCell label={columns.crew}>
              <span className="grid">
                <span className="font-medium">{crew.name}</span>
                <span className="text-gray-700">
                  {crew.companyName}
                  {crew.active ? null : ` · ${t('admin-work.board.inactive')}`}
                </span>
              </span>
            </TableCell>
            <TableCell label={columns.progress} className="sm:min-w-[14rem]">
              <ProgressBar
                label={t('admin-work.board.progressLabel', { name: crew.name })}
                value={crew.fixed + crew.notPossible}
                max={Math.max(crew.stops, 1)}
                text={t('admin-work.board.progressText', {
                  visited: crew.fixed + crew.notPossible,
                  total: crew.stops,
                  fixed: crew.fixed,
                  notPossible: crew.notPossible,
                })}
              />
            </TableCell>
            <TableCell label={columns.late}>
              <LateBadge count={crew.late} />
            </TableCell>
            <TableCell label={columns.times}>
              <CrewTimes crew={crew} />
            </TableCell>
            <TableCell label={columns.orders}>
              <ul className="grid gap-1">
                {crew.workOrders.map((order) => (
                  <li key={order.id}>
                    <Link
                      to={`/admin/work-orders/${order.id}`}
                      aria-label={t('admin-work.board.orderLinkLabel', {
                        id: order.id,
                        state: t(`admin-work.page.states.${order.state}`),
                      })}
                    >
                      {t('admin-work.board.orderLink', { id: order.id })}
                    </Link>
                  </li>
                ))}
              </ul>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
