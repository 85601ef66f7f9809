// /admin/requests: every request the account may see, searched and filtered on the
// server, paged, with filters and page in the URL.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/requests/format.ts';
import { useListParams } from '../../../components/requests/list-params.ts';
import { Pagination } from '../../../components/requests/pagination.tsx';
import { RequestFilters } from '../../../components/requests/request-filters.tsx';
import { ScrollRegion } from '../../../components/requests/scroll-region.tsx';
import { StatusBadge } from '../../../components/requests/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRequests } from '../api/get-requests.ts';

const COLUMNS = ['id', 'phone', 'name', 'address', 'company', 'date', 'status', 'actions'] as const;

export default function RequestsPage() {
  const { t, i18n } = useTranslation();
  const { params, update, clear, hasFilters } = useListParams();
  const requests = useRequests(params);

  useEffect(() => {
    document.title = `${t('operations.list.title')} · ${t('app.title')}`;
  }, [t]);

  const data = requests.data;
  return (
    <section className="grid gap-4">
      <h1 className="font-heading text-2xl font-bold">{t('operations.list.title')}</h1>
      <RequestFilters params={params} onChange={update} onClear={clear} hasFilters={hasFilters} />

      {requests.isPending ? <Spinner /> : null}
      {requests.isError ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-red-700">{t('operations.list.error')}</p>
          <Button variant="secondary" onClick={() => void requests.refetch()}>
            {t('operations.common.retry')}
          </Button>
        </div>
      ) : null}
      {data ? (
        <>
          <p aria-live="polite" className="text-sm text-gray-800">
            {data.totalIsEstimate
              ? t('operations.list.resultsAbout', { total: data.total })
              : t('operations.list.results', { count: data.total })}
          </p>
          {data.items.length === 0 ? (
            <p>{t('operations.list.empty')}</p>
          ) : (
            <ScrollRegion label={t('operations.list.title')}>
              <table className="w-full min-w-[860px] border-collapse text-left text-sm" aria-busy={requests.isFetching}>
                <thead>
                  <tr className="border-b border-gray-300">
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col" className="px-2 py-2 font-semibold">
                        {t(`operations.list.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.id} className="border-b border-gray-200 align-top">
                      <td className="px-2 py-2 font-medium">{item.id}</td>
                      <td className="px-2 py-2 whitespace-nowrap">{item.phone}</td>
                      <td className="px-2 py-2">{item.name ?? t('operations.common.notInformed')}</td>
                      <td className="px-2 py-2">{item.address}</td>
                      <td className="px-2 py-2">{item.companyName}</td>
                      <td className="px-2 py-2 whitespace-nowrap">{formatDateTime(item.createdAt, i18n.language)}</td>
                      <td className="px-2 py-2">
                        <StatusBadge status={item.status} />
                      </td>
                      <td className="px-2 py-2">
                        <Link
                          to={`/admin/requests/${item.id}`}
                          aria-label={t('operations.list.viewDetailsOf', { id: item.id })}
                          className="text-blue-800 underline"
                        >
                          {t('operations.list.viewDetails')}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            estimate={data.totalIsEstimate}
            onPage={(page) => update({ page })}
            onPageSize={(pageSize) => update({ pageSize })}
          />
        </>
      ) : null}
    </section>
  );
}
