// /admin/requests: every request the account may see, searched and filtered on the
// server, sorted and paged, with filters, order and page in the URL.

import { useFilterChoices } from '../../../components/requests/filter-choices.ts';
import { listFilterValues } from '../../../components/requests/list-params.ts';
import { RequestList } from '../../../components/requests/request-list.tsx';
import { DetailsLink } from '../../../components/requests/request-results.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { TableCell } from '../../../components/ui/table.tsx';
import { CreateWorkOrderButton } from '../../../components/work-orders/create-work-order-button.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRequests } from '../api/get-requests.ts';

export default function RequestsPage() {
  const { t } = useTranslation();
  const choices = useFilterChoices({ assignees: true });
  const role = useAdminProfile().data?.role;
  const canUpdate = role === 'admin' || role === 'user';

  return (
    <PageShell title={t('admin-operations.operations.list.title')}>
      <RequestList
        useRows={useRequests}
        label={t('admin-operations.operations.list.title')}
        none={t('admin-operations.operations.list.none')}
        empty={t('admin-operations.operations.list.empty')}
        choices={choices}
        minWidth="min-w-[1120px]"
        bulkFilter={canUpdate ? (params) => listFilterValues(params) : undefined}
        bulkActions={(picked) => (
          <CreateWorkOrderButton requestIds={picked.ids} allMatching={picked.allMatching} onCreated={picked.clear} />
        )}
        actions={(item) => (
          <TableCell label={t('admin-operations.operations.list.columns.actions')}>
            <DetailsLink id={item.id} />
          </TableCell>
        )}
      />
    </PageShell>
  );
}
