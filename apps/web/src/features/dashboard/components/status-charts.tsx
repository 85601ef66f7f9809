// The dashboard charts (Recharts): requests by status, and by company stacked by status.
// Each chart has a text equivalent for screen readers (a list of the same numbers).
import { REQUEST_STATUSES } from '@acende/shared/enums';
import type { CompanyRequestCounts, RequestCounts } from '@acende/shared/schemas/admin-requests';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from '../../../lib/use-translation.ts';

export const STATUS_COLORS: Record<(typeof REQUEST_STATUSES)[number], string> = {
  open: '#1d4ed8',
  in_progress: '#b45309',
  completed: '#15803d',
  cancelled: '#4b5563',
};

export function StatusChart({ counts }: { counts: RequestCounts }) {
  const { t } = useTranslation();
  const data = REQUEST_STATUSES.map((status) => ({
    status,
    label: t(`common.status.${status}`),
    count: counts[status],
  }));
  return (
    <figure className="grid gap-2">
      <figcaption className="font-heading text-lg font-semibold">
        {t('admin-operations.operations.dashboard.byStatus')}
      </figcaption>
      <div aria-hidden="true" className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fill: '#1f2937', fontSize: 12 }} interval={0} />
            <YAxis allowDecimals={false} tick={{ fill: '#1f2937', fontSize: 12 }} width={48} />
            <Tooltip />
            <Bar dataKey="count" name={t('admin-operations.operations.dashboard.total')} isAnimationActive={false}>
              {data.map((entry) => (
                <Cell key={entry.status} fill={STATUS_COLORS[entry.status]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="sr-only">
        {data.map((entry) => (
          <li key={entry.status}>
            {t('admin-operations.operations.dashboard.chartSummary', { label: entry.label, count: entry.count })}
          </li>
        ))}
      </ul>
    </figure>
  );
}

export function CompanyChart({ companies }: { companies: CompanyRequestCounts }) {
  const { t } = useTranslation();
  return (
    <figure className="grid gap-2">
      <figcaption className="font-heading text-lg font-semibold">
        {t('admin-operations.operations.dashboard.byCompany')}
      </figcaption>
      <div aria-hidden="true" className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={companies} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="companyName" tick={{ fill: '#1f2937', fontSize: 12 }} interval={0} />
            <YAxis allowDecimals={false} tick={{ fill: '#1f2937', fontSize: 12 }} width={48} />
            <Tooltip />
            <Legend />
            {REQUEST_STATUSES.map((status) => (
              <Bar
                key={status}
                dataKey={status}
                stackId="status"
                name={t(`common.status.${status}`)}
                fill={STATUS_COLORS[status]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="sr-only">
        {companies.map((company) => (
          <li key={company.companyId}>
            {company.companyName}:{' '}
            {REQUEST_STATUSES.map((status) =>
              t('admin-operations.operations.dashboard.chartSummary', {
                label: t(`common.status.${status}`),
                count: company[status],
              }),
            ).join(', ')}
          </li>
        ))}
      </ul>
    </figure>
  );
}
