// /admin/user-requests: the signed-in account's own queue (decision 0002 §17): requests
// assigned to it, with the list's filters and a quick status change per row.

import { useFilterChoices } from '../../../components/requests/filter-choices.ts';
import { type ListParams, listFilterValues } from '../../../components/requests/list-params.ts';
import { RequestList } from '../../../components/requests/request-list.tsx';
import { DetailsLink } from '../../../components/requests/request-results.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { TableCell } from '../../../components/ui/table.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useMyQueue } from '../api/get-my-queue.ts';
import { QuickStatus } from './quick-status.tsx';

export default function MyQueuePage() {
  const { t } = useTranslation();
  const profile = useAdminProfile().data;
  const canUpdate = profile?.role === 'admin' || profile?.role === 'user';
  // The queue is one assignee's: the other filters apply, the assignee filter does not.
  const choices = useFilterChoices({ assignees: false });

  return (
    <PageShell
      title={t('admin-operations.operations.queue.title')}
      description={t('admin-operations.operations.queue.intro')}
    >
      <RequestList
        useRows={useOwnQueue}
        label={t('admin-operations.operations.queue.title')}
        none={t('admin-operations.operations.queue.none')}
        empty={t('admin-operations.operations.queue.empty')}
        choices={choices}
        minWidth="min-w-[1220px]"
        // "All matching" in the queue is all of the account's own that match.
        bulkFilter={
          canUpdate && profile ? (params) => listFilterValues(params, { assignedToId: String(profile.id) }) : undefined
        }
        // A new key after an update starts the row's quick status afresh.
        rowKey={(item) => `${item.id}-${item.updatedAt}`}
        actions={(item) => (
          <TableCell label={t('admin-operations.operations.list.columns.actions')} className="grid gap-2">
            {canUpdate ? <QuickStatus item={item} /> : null}
            <DetailsLink id={item.id} />
          </TableCell>
        )}
      />
    </PageShell>
  );
}

/** The requests assigned to the signed-in account, for the list's filters. */
function useOwnQueue(params: ListParams) {
  return useMyQueue(useAdminProfile().data?.id, params);
}
