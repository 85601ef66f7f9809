// /admin/user-requests: the signed-in account's own queue (decision 0002 §17): requests
// assigned to it, with the list's filters and a quick status change per row.
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../components/requests/list-params.ts';
import { RequestFilters } from '../../../components/requests/request-filters.tsx';
import { DetailsLink, RequestResults } from '../../../components/requests/request-results.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { TableCell } from '../../../components/ui/table.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { useMyQueue } from '../api/get-my-queue.ts';
import { QuickStatus } from './quick-status.tsx';

export default function MyQueuePage() {
  const { t } = useTranslation();
  const profile = useAdminProfile().data;
  const { params, update, clear, hasFilters } = useListParams();
  const queue = useMyQueue(profile?.id, params);
  const canUpdate = profile?.role === 'admin' || profile?.role === 'user';

  return (
    <PageShell title={t('operations.queue.title')} description={t('operations.queue.intro')}>
      <RequestFilters params={params} onChange={update} onClear={clear} hasFilters={hasFilters} />
      <RequestResults
        query={queue}
        label={t('operations.queue.title')}
        empty={t('operations.queue.empty')}
        minWidth="min-w-[960px]"
        // A new key after an update starts the row's quick status afresh.
        rowKey={(item) => `${item.id}-${item.updatedAt}`}
        actions={(item) => (
          <TableCell className="grid gap-2">
            {canUpdate ? <QuickStatus item={item} /> : null}
            <DetailsLink id={item.id} />
          </TableCell>
        )}
        onChange={update}
      />
    </PageShell>
  );
}
