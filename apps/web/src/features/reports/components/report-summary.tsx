// The counts above every report: totals per status, problem type and company, and the
// median and 90th-percentile time from creation to completion.
import { PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import type { ReportSummary } from '@acende/shared/schemas/reports';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatDuration } from '../lib/report-params.ts';

function CountList({ title, items }: { title: string; items: [string, string, number][] }) {
  return (
    <div className="rounded-theme border border-gray-200 p-3">
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm">
        {items.map(([key, label, count]) => (
          <div key={key} className="contents">
            <dt>{label}</dt>
            <dd className="text-right tabular-nums">{count}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ReportSummaryPanel({ summary, compact = false }: { summary: ReportSummary; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const c = summary.completion;
  return (
    <section aria-labelledby="report-summary-title" className="grid gap-2">
      <h2 id="report-summary-title" className="font-heading text-lg font-semibold">
        {t('admin-reports.reports.summary.title')}
      </h2>
      <p className="text-sm">
        {t('admin-reports.reports.summary.total')}: <strong className="tabular-nums">{summary.total}</strong>
      </p>
      <div className={compact ? 'grid gap-2' : 'grid gap-2 sm:grid-cols-2 lg:grid-cols-4'}>
        <CountList
          title={t('admin-reports.reports.summary.byStatus')}
          items={REQUEST_STATUSES.map((s) => [s, t(`common.status.${s}`), summary.byStatus[s]])}
        />
        <CountList
          title={t('admin-reports.reports.summary.byProblemType')}
          items={PROBLEM_TYPES.map((p) => [p, t(`common.problemType.${p}`), summary.byProblemType[p]])}
        />
        <CountList
          title={t('admin-reports.reports.summary.byCompany')}
          items={summary.byCompany.map((company) => [String(company.companyId), company.name, company.count])}
        />
        <div className="rounded-theme border border-gray-200 p-3 text-sm">
          <h3 className="mb-1 font-semibold">{t('admin-reports.reports.summary.completion')}</h3>
          {c.count === 0 ? (
            <p>{t('admin-reports.reports.summary.noCompleted')}</p>
          ) : (
            <dl className="grid grid-cols-[1fr_auto] gap-x-3">
              <dt>{t('admin-reports.reports.summary.median')}</dt>
              <dd className="text-right tabular-nums">{formatDuration(c.medianSeconds, i18n.language, t)}</dd>
              <dt>{t('admin-reports.reports.summary.p90')}</dt>
              <dd className="text-right tabular-nums">{formatDuration(c.p90Seconds, i18n.language, t)}</dd>
              <dd className="col-span-2 text-gray-800">
                {t('admin-reports.reports.summary.completedCount', { count: c.count })}
              </dd>
            </dl>
          )}
        </div>
      </div>
    </section>
  );
}
