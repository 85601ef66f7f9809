// /admin/work-orders/board (issue 37): the dispatch board of one day — each crew's progress,
// late stops, first arrival and last finish, its work orders; and the active crews with none.
// The day (and the company, for an account that sees several) travel in the address.
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { serviceDay } from '../../../lib/service-day.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDispatchBoard } from '../api/get-dispatch-board.ts';
import { BoardCrewsTable } from './board-crews-table.tsx';
import { CompanyFilter } from './office-filters.tsx';

export default function DispatchBoardPage() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const day = params.get('day') ?? serviceDay();
  const companyId = params.get('companyId') ?? '';
  const board = useDispatchBoard(day, companyId);
  const change = (key: 'day' | 'companyId', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <PageShell
      title={t('admin-work.board.title')}
      description={t('admin-work.board.intro')}
      className="gap-6"
      actions={
        <div className="flex flex-wrap gap-2">
          <LinkButton variant="secondary" to="/admin/work-orders/report">
            {t('admin-work.board.toReport')}
          </LinkButton>
          <LinkButton variant="secondary" to="/admin/work-orders">
            {t('admin-work.board.toOrders')}
          </LinkButton>
        </div>
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${id}-day`}
          type="date"
          compact
          className="max-w-[14rem]"
          label={t('admin-work.board.day')}
          value={day}
          onChange={(event) => change('day', event.target.value)}
        />
        <CompanyFilter id={`${id}-company`} value={companyId} onChange={(value) => change('companyId', value)} />
      </div>
      <QueryState query={board} errorMessage={t('admin-work.page.loadError')} retryLabel={t('admin-work.page.retry')}>
        {(data) => (
          <div className="grid gap-6">
            {data.crews.length === 0 ? <p>{t('admin-work.board.empty')}</p> : <BoardCrewsTable crews={data.crews} />}
            <section className="grid gap-2" aria-labelledby={`${id}-idle`}>
              <h2 id={`${id}-idle`} className="font-heading text-xl font-semibold">
                {t('admin-work.board.idleTitle')}
              </h2>
              {data.idle.length === 0 ? (
                <p>{t('admin-work.board.idleEmpty')}</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {data.idle.map((crew) => (
                    <li key={crew.id} className="rounded-theme border border-gray-300 px-3 py-1">
                      {crew.name} <span className="text-gray-700">· {crew.companyName}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </QueryState>
    </PageShell>
  );
}
