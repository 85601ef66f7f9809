// /admin/audit (admins): the audit log newest first, filtered by account, kind (exact or a
// prefix ending in a dot), object and calendar days, paged by the server's cursor, each row's
// before and after readable, and the filtered rows as CSV. The filters live in the URL.
import { DEFAULT_PAGE_SIZE } from '@acende/shared/constants';
import { AUDIT_FILTER_NAMES } from '@acende/shared/schemas/audit';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../components/requests/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useExportAuditLog } from '../api/export-audit-log.ts';
import { auditQueryString, useAuditLog } from '../api/get-audit-log.ts';
import { AuditChanges } from './audit-changes.tsx';
import { type AuditDraft, AuditFiltersForm } from './audit-filters.tsx';

const COLUMNS = ['when', 'who', 'ip', 'kind', 'object', 'changes'] as const;

export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(AUDIT_FILTER_NAMES.map((name) => [name, params.get(name) ?? ''])) as AuditDraft;
  const query = auditQueryString(filters);
  const cursor = params.get('cursor') ?? undefined;
  const log = useAuditLog(query, cursor, DEFAULT_PAGE_SIZE);
  const exportCsv = useExportAuditLog();

  const goTo = (nextCursor: string | null) => {
    const next = new URLSearchParams(query);
    if (nextCursor) next.set('cursor', nextCursor);
    setParams(next);
  };
  const download = () =>
    exportCsv.mutate(query, {
      onSuccess: () => toast({ title: t('admin-access.audit.exported'), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('admin-access.audit.exportError'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        }),
    });

  return (
    <PageShell
      title={t('admin-access.audit.title')}
      description={t('admin-access.audit.description')}
      actions={
        <Button variant="secondary" onClick={download} disabled={exportCsv.isPending}>
          {t('admin-access.audit.exportCsv')}
        </Button>
      }
    >
      <AuditFiltersForm
        // Keyed by the URL, so the fields show the filters in force after a link or the back button.
        key={query}
        filters={filters}
        onApply={(next) => setParams(new URLSearchParams(auditQueryString(next)))}
        onClear={() => setParams(new URLSearchParams())}
      />

      <QueryState
        query={log}
        errorMessage={errorMessage(log.error, t('admin-access.audit.loadError'))}
        retryLabel={t('admin-access.audit.retry')}
      >
        {(data) =>
          data.items.length === 0 ? (
            <p>{t('admin-access.audit.empty')}</p>
          ) : (
            <>
              <Table label={t('admin-access.audit.title')} className="min-w-[900px]">
                <TableHeader>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableHead key={column}>{t(`admin-access.audit.columns.${column}`)}</TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((row) => (
                    <TableRow key={row.id} data-testid="audit-row">
                      <TableCell label={t('admin-access.audit.columns.when')} className="whitespace-nowrap">
                        {formatDateTime(row.createdAt, i18n.language)}
                      </TableCell>
                      <TableCell label={t('admin-access.audit.columns.who')} className="break-all">
                        {[row.actorUsername, row.actorId === null ? t('admin-access.audit.stranger') : null]
                          .filter(Boolean)
                          .join(' ')}
                      </TableCell>
                      <TableCell label={t('admin-access.audit.columns.ip')} className="break-all">
                        {row.ip ?? '—'}
                      </TableCell>
                      <TableCell label={t('admin-access.audit.columns.kind')} className="font-mono text-xs">
                        {row.kind}
                      </TableCell>
                      <TableCell label={t('admin-access.audit.columns.object')} className="break-all">
                        {row.objectType ? `${row.objectType} ${row.objectId ?? ''}` : '—'}
                      </TableCell>
                      <TableCell label={t('admin-access.audit.columns.changes')}>
                        <AuditChanges row={row} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <nav aria-label={t('admin-access.audit.title')} className="flex flex-wrap items-center gap-2">
                <Button variant="secondary" size="sm" disabled={!cursor} onClick={() => goTo(null)}>
                  {t('admin-access.audit.first')}
                </Button>
                <Button variant="secondary" size="sm" disabled={!data.nextCursor} onClick={() => goTo(data.nextCursor)}>
                  {t('admin-access.audit.next')}
                </Button>
              </nav>
            </>
          )
        }
      </QueryState>
    </PageShell>
  );
}
