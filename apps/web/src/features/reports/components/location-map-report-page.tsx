// /admin/reports/location-map: the matching requests on a map (clusters or heat layer)
// with the legend and the same counts as the other reports beside it.
import { REQUEST_STATUSES } from '@acende/shared/enums';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '../../../components/map/get-site.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocationMapReport } from '../api/get-location-map-report.ts';
import { useReportParams } from '../lib/report-params.ts';
import { STATUS_COLORS } from '../lib/status-colors.ts';
import { ReportPage, ReportState } from './report-page.tsx';
import { ReportSummaryPanel } from './report-summary.tsx';

const ReportMap = lazy(() => import('./report-map.tsx'));

export default function LocationMapReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const { params, setFilters } = useReportParams();
  const report = useLocationMapReport(params);
  const site = useSite();
  const [heat, setHeat] = useState(false);
  const data = report.data;

  return (
    <ReportPage kind="location-map" filters={params} onApply={setFilters}>
      <ReportState query={report} empty={data?.totalRows === 0}>
        {data ? (
          <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
            <div className="grid content-start gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label htmlFor={`${id}-heat`} className="flex items-center gap-2 text-sm print:hidden">
                  <input
                    id={`${id}-heat`}
                    type="checkbox"
                    checked={heat}
                    onChange={(event) => setHeat(event.target.checked)}
                    className="h-5 w-5"
                  />
                  {t('admin-reports.reports.map.heat')}
                </label>
                {data.totalRows > data.rows.length ? (
                  <p className="text-sm" role="note">
                    {t('admin-reports.reports.map.truncated', { shown: data.rows.length, total: data.totalRows })}
                  </p>
                ) : null}
              </div>
              {site.data ? (
                <Suspense fallback={<Spinner />}>
                  <ReportMap
                    points={data.rows}
                    heat={heat}
                    tileUrl={site.data.tileUrl}
                    attribution={site.data.tileAttribution}
                    fallback={site.data.map}
                    label={t('admin-reports.reports.map.label')}
                    statusLabel={(s) => t(`common.status.${s}`)}
                    problemLabel={(p) => t(`common.problemType.${p}`)}
                    detailLabel={(requestId) => t('admin-reports.reports.actions.viewDetail', { id: requestId })}
                    onOpen={(requestId) => navigate(`/admin/requests/${requestId}`)}
                  />
                </Suspense>
              ) : (
                <Spinner />
              )}
              <section aria-labelledby={`${id}-legend`} className="text-sm">
                <h2 id={`${id}-legend`} className="font-semibold">
                  {t('admin-reports.reports.map.legend')}
                </h2>
                <ul className="flex flex-wrap gap-x-4 gap-y-1">
                  {REQUEST_STATUSES.map((s) => (
                    <li key={s} className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="inline-block h-3 w-3 rounded-full border border-gray-900"
                        style={{ background: STATUS_COLORS[s] }}
                      />
                      {t(`common.status.${s}`)}
                    </li>
                  ))}
                </ul>
              </section>
            </div>
            <aside>
              <ReportSummaryPanel summary={data.summary} compact />
            </aside>
          </div>
        ) : null}
      </ReportState>
    </ReportPage>
  );
}
