// /admin/work-orders/report (issue 37): the crew report over a period (this month by default,
// at most 366 days) — totals, per crew, per crew and day — with its CSV and PDF. The period,
// the company and the page travel in the address, so a report can be linked and reloaded.
import { crewReportFiltersSchema } from '@acende/shared/schemas/work-orders';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { serviceDay } from '../../../lib/service-day.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type CrewReportParams, useCrewReport, useExportCrewReport } from '../api/get-crew-report.ts';
import { CrewReportTables } from './crew-report-tables.tsx';
import { CompanyFilter } from './office-filters.tsx';

/** The field each of the period's mistakes belongs to, with its catalogue key. */
function periodErrors(params: CrewReportParams): Partial<Record<'from' | 'to', string>> {
  const parsed = crewReportFiltersSchema.safeParse({ from: params.from, to: params.to });
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] === 'from' ? 'from' : 'to';
    errors[field] ??= issue.message;
  }
  return errors;
}

function ExportButtons({ params }: { params: CrewReportParams }) {
  const { t } = useTranslation();
  const exporter = useExportCrewReport();
  const run = (format: 'csv' | 'pdf') =>
    exporter.mutate(
      { params, format },
      {
        onSuccess: (name) => toast({ title: t('admin-work.report.exported', { name }), variant: 'success' }),
        onError: () => toast({ title: t('admin-work.report.exportError'), variant: 'destructive' }),
      },
    );
  const busy = (format: 'csv' | 'pdf') => exporter.isPending && exporter.variables?.format === format;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" disabled={exporter.isPending} aria-busy={busy('csv')} onClick={() => run('csv')}>
        {t('admin-work.report.exportCsv')}
      </Button>
      <Button variant="secondary" disabled={exporter.isPending} aria-busy={busy('pdf')} onClick={() => run('pdf')}>
        {t('admin-work.report.exportPdf')}
      </Button>
    </div>
  );
}

export default function CrewReportPage() {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const today = serviceDay();
  const shown: CrewReportParams = {
    from: search.get('from') ?? `${today.slice(0, 8)}01`,
    to: search.get('to') ?? today,
    companyId: search.get('companyId') ?? '',
  };
  const page = Number(search.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState(shown);
  const [errors, setErrors] = useState(() => periodErrors(shown));
  const valid = Object.keys(periodErrors(shown)).length === 0;
  const report = useCrewReport(valid ? shown : null, page);

  const go = (params: CrewReportParams, nextPage = 1) => {
    const next = new URLSearchParams({ from: params.from, to: params.to });
    if (params.companyId) next.set('companyId', params.companyId);
    if (nextPage > 1) next.set('page', String(nextPage));
    setSearch(next, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = periodErrors(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) go(draft);
  };
  const field = (key: 'from' | 'to') => ({
    id: `${id}-${key}`,
    type: 'date',
    compact: true,
    className: 'max-w-[12rem]',
    label: t(`admin-work.report.${key}`),
    value: draft[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

  return (
    <PageShell
      title={t('admin-work.report.title')}
      description={t('admin-work.report.intro')}
      className="gap-6"
      actions={
        <LinkButton variant="secondary" to="/admin/work-orders/board">
          {t('admin-work.nav.board')}
        </LinkButton>
      }
    >
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label={t('admin-work.report.title')}
        onSubmit={submit}
        noValidate
      >
        <TextField {...field('from')} />
        <TextField {...field('to')} />
        <CompanyFilter
          id={`${id}-company`}
          value={draft.companyId}
          onChange={(companyId) => setDraft({ ...draft, companyId })}
        />
        <Button type="submit">{t('admin-work.report.apply')}</Button>
      </form>
      {valid ? (
        <>
          <ExportButtons params={shown} />
          <QueryState
            query={report}
            errorMessage={t('admin-work.page.loadError')}
            retryLabel={t('admin-work.page.retry')}
          >
            {(data) =>
              data.rowCount === 0 ? (
                <p>{t('admin-work.report.empty')}</p>
              ) : (
                <CrewReportTables report={data} onPage={(next) => go(shown, next)} />
              )
            }
          </QueryState>
        </>
      ) : null}
    </PageShell>
  );
}
