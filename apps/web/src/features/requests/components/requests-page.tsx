// /admin/requests: every request the account may see, searched and filtered on the
// server, paged, with filters and page in the URL.
import { useTranslation } from 'react-i18next';
import { DetailsLink, RequestList } from '../../../components/requests/request-results.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { TableCell } from '../../../components/ui/table.tsx';
import { useRequests } from '../api/get-requests.ts';

export default function RequestsPage() {
  const { t } = useTranslation();

  return (
    <PageShell title={t('operations.list.title')}>
      <RequestList
        useRows={useRequests}
        label={t('operations.list.title')}
        empty={t('operations.list.empty')}
        minWidth="min-w-[860px]"
        actions={(item) => (
          <TableCell>
            <DetailsLink id={item.id} />
          </TableCell>
        )}
      />
    </PageShell>
  );
}
