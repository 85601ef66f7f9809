// /admin/dashboard: the counts (total, open, in progress, completed, cancelled) of the
// requests the account may see, a chart by status and one by company, quick actions.

import type { CompanyRequestCounts } from '@acende/shared/schemas/admin-requests';
import { lazy, Suspense } from 'react';
import { LinkButton } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCompanyCounts } from '../api/get-company-counts.ts';
import { useCounts } from '../api/get-counts.ts';

// Recharts is the heaviest admin dependency: it loads after the counts are on screen.
const charts = () => import('./status-charts.tsx');
const StatusChart = lazy(() => charts().then((m) => ({ default: m.StatusChart })));
const CompanyChart = lazy(() => charts().then((m) => ({ default: m.CompanyChart })));

const CARDS = [
  ['total', 'total', 'border-gray-400'],
  ['open', 'open', 'border-blue-700'],
  ['in_progress', 'inProgress', 'border-amber-700'],
  ['completed', 'completed', 'border-green-700'],
  ['cancelled', 'cancelled', 'border-gray-600'],
] as const;

export default function DashboardPage() {
  const { t } = useTranslation();
  const profile = useAdminProfile().data;
  const counts = useCounts();
  const companies = useCompanyCounts();

  const failed = counts.isError || companies.isError;
  return (
    <PageShell
      title={t('admin-operations.operations.dashboard.title')}
      description={profile ? t('admin-access.dashboardHome.welcome', { name: profile.name }) : null}
      className="gap-6"
    >
      {failed ? (
        <LoadError
          message={t('admin-operations.operations.dashboard.error')}
          retryLabel={t('admin-operations.operations.common.retry')}
          onRetry={() => {
            void counts.refetch();
            void companies.refetch();
          }}
        />
      ) : null}

      {counts.isPending ? <Spinner /> : null}
      {counts.data ? (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          aria-label={t('admin-operations.operations.dashboard.title')}
        >
          {CARDS.map(([key, label, border]) => (
            <li key={key} className={`rounded-theme border-l-4 bg-white p-4 shadow-sm ring-1 ring-gray-200 ${border}`}>
              <p className="text-sm text-gray-800">{t(`admin-operations.operations.dashboard.${label}`)}</p>
              <p className="text-3xl font-bold" data-testid={`count-${key}`}>
                {counts.data[key]}
              </p>
            </li>
          ))}
        </ul>
      ) : null}

      <section aria-labelledby="quick-actions" className="grid gap-2">
        <h2 id="quick-actions" className="font-heading text-xl font-semibold">
          {t('admin-operations.operations.dashboard.quickActions')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <LinkButton to="/admin/requests">{t('admin-operations.operations.dashboard.viewAll')}</LinkButton>
          <LinkButton to="/admin/user-requests" variant="secondary">
            {t('admin-operations.operations.dashboard.myQueue')}
          </LinkButton>
          <LinkButton to="/" reloadDocument variant="secondary">
            {t('admin-operations.operations.dashboard.publicSite')}
          </LinkButton>
        </div>
      </section>

      {companies.data ? <OverdueByCompany companies={companies.data} /> : null}

      {counts.data && counts.data.total === 0 ? <p>{t('admin-operations.operations.dashboard.noData')}</p> : null}
      {counts.data && counts.data.total > 0 ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Suspense fallback={<Spinner />}>
            <StatusChart counts={counts.data} />
            {companies.data ? <CompanyChart companies={companies.data} /> : null}
          </Suspense>
        </div>
      ) : null}
    </PageShell>
  );
}

/** Requests past their due time per company (decision 0029), each a link to that list. */
function OverdueByCompany({ companies }: { companies: CompanyRequestCounts }) {
  const { t } = useTranslation();
  const late = companies.filter((company) => company.overdue > 0);
  return (
    <section aria-labelledby="overdue-title" className="grid gap-2">
      <h2 id="overdue-title" className="font-heading text-xl font-semibold">
        {t('admin-operations.operations.dashboard.overdueTitle')}
      </h2>
      {late.length === 0 ? (
        <p>{t('admin-operations.operations.dashboard.overdueNone')}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {late.map((company) => (
            <li
              key={company.companyId}
              data-testid={`overdue-${company.companyId}`}
              className="rounded-theme border-l-4 border-red-700 bg-white p-3 shadow-sm ring-1 ring-gray-200"
            >
              <Link
                to={`/admin/requests?deadline=overdue&companyId=${company.companyId}`}
                className="inline-flex min-h-11 items-center gap-2 text-blue-800 underline"
              >
                <span className="font-medium">{company.companyName}</span>
                <span>{t('admin-operations.operations.dashboard.overdueCount', { count: company.overdue })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
