// /admin/audit (admins): the audit log newest first, filtered by account, kind (exact or a
// prefix ending in a dot), object and calendar days, paged by the server's cursor, each row's
// before and after readable, and the filtered rows as CSV. The filters live in the URL.
import { DEFAULT_PAGE_SIZE } from '@acende/shared/constants';
import { AUDIT_FILTER_NAMES } from '@acende/shared/schemas/audit';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../components/requests/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useExportAuditLog } from '../api/export-audit-log.ts';
import { auditQueryString, useAuditAccounts, useAuditLog } from '../api/get-audit-log.ts';
import { AuditChanges } from './audit-changes.tsx';

const COLUMNS = ['when', 'who', 'ip', 'kind', 'object', 'changes'] as const;

export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(AUDIT_FILTER_NAMES.map((name) => [name, params.get(name) ?? '']));
  const query = auditQueryString(filters);
  const cursor = params.get('cursor') ?? undefined;
  const log = useAuditLog(query, cursor, DEFAULT_PAGE_SIZE);
  const accounts = useAuditAccounts();
  const exportCsv = useExportAuditLog();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = Object.fromEntries(AUDIT_FILTER_NAMES.map((name) => [name, String(data.get(name) ?? '').trim()]));
    setParams(new URLSearchParams(auditQueryString(next)));
  };
  const goTo = (nextCursor: string | null) => {
    const next = new URLSearchParams(query);
    if (nextCursor) next.set('cursor', nextCursor);
    setParams(next);
  };
  const download = () =>
    exportCsv.mutate(query, {
      onSuccess: () => toast({ title: t('audit.exported'), variant: 'success' }),
      onError: (error) =>
        toast({ title: t('audit.exportError'), description: errorMessage(error, ''), variant: 'destructive' }),
    });

  return (
    <PageShell
      title={t('audit.title')}
      description={t('audit.description')}
      actions={
        <Button variant="secondary" onClick={download} disabled={exportCsv.isPending}>
          {t('audit.exportCsv')}
        </Button>
      }
    >
      <form
        onSubmit={apply}
        // Keyed by the URL, so the fields show the filters in force after a link or the back button.
        key={query}
        aria-label={t('audit.filters.title')}
        className="grid gap-3 rounded-theme border border-gray-300 p-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <SelectField
          id="audit-actor"
          name="actorId"
          compact
          label={t('audit.filters.actor')}
          empty={t('audit.filters.anyActor')}
          defaultValue={filters.actorId}
          choices={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: `${a.username} (${a.name})` }))}
        />
        <TextField
          id="audit-kind"
          name="kind"
          kind="verbatim"
          compact
          label={t('audit.filters.kind')}
          hint={t('audit.filters.kindHint')}
          defaultValue={filters.kind}
        />
        <TextField
          id="audit-object-type"
          name="objectType"
          kind="verbatim"
          compact
          label={t('audit.filters.objectType')}
          defaultValue={filters.objectType}
        />
        <TextField
          id="audit-object-id"
          name="objectId"
          kind="verbatim"
          compact
          label={t('audit.filters.objectId')}
          defaultValue={filters.objectId}
        />
        <TextField
          id="audit-start"
          name="startDate"
          type="date"
          compact
          label={t('audit.filters.startDate')}
          defaultValue={filters.startDate}
        />
        <TextField
          id="audit-end"
          name="endDate"
          type="date"
          compact
          label={t('audit.filters.endDate')}
          defaultValue={filters.endDate}
        />
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit">{t('audit.filters.apply')}</Button>
          <Button type="button" variant="secondary" onClick={() => setParams(new URLSearchParams())}>
            {t('audit.filters.clear')}
          </Button>
        </div>
      </form>

      <QueryState
        query={log}
        errorMessage={errorMessage(log.error, t('audit.loadError'))}
        retryLabel={t('audit.retry')}
      >
        {(data) =>
          data.items.length === 0 ? (
            <p>{t('audit.empty')}</p>
          ) : (
            <>
              <Table label={t('audit.title')} className="min-w-[900px]">
                <TableHeader>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableHead key={column}>{t(`audit.columns.${column}`)}</TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((row) => (
                    <TableRow key={row.id} data-testid="audit-row">
                      <TableCell label={t('audit.columns.when')} className="whitespace-nowrap">
                        {formatDateTime(row.createdAt, i18n.language)}
                      </TableCell>
                      <TableCell label={t('audit.columns.who')} className="break-all">
                        {[row.actorUsername, row.actorId === null ? t('audit.stranger') : null]
                          .filter(Boolean)
                          .join(' ')}
                      </TableCell>
                      <TableCell label={t('audit.columns.ip')} className="break-all">
                        {row.ip ?? '—'}
                      </TableCell>
                      <TableCell label={t('audit.columns.kind')} className="font-mono text-xs">
                        {row.kind}
                      </TableCell>
                      <TableCell label={t('audit.columns.object')} className="break-all">
                        {row.objectType ? `${row.objectType} ${row.objectId ?? ''}` : '—'}
                      </TableCell>
                      <TableCell label={t('audit.columns.changes')}>
                        <AuditChanges row={row} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <nav aria-label={t('audit.title')} className="flex flex-wrap items-center gap-2">
                <Button variant="secondary" size="sm" disabled={!cursor} onClick={() => goTo(null)}>
                  {t('audit.first')}
                </Button>
                <Button variant="secondary" size="sm" disabled={!data.nextCursor} onClick={() => goTo(data.nextCursor)}>
                  {t('audit.next')}
                </Button>
              </nav>
            </>
          )
        }
      </QueryState>
    </PageShell>
  );
}
