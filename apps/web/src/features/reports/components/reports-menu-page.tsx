// /admin/reports: the menu of the reports.
import { REPORT_KINDS } from '@acende/shared/schemas/reports';
import { Link } from '../../../components/ui/link.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

export default function ReportsMenuPage() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('admin-reports.reports.menu.title')} description={t('admin-reports.reports.menu.description')}>
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
        {REPORT_KINDS.map((kind) => (
          <li key={kind}>
            <Link
              to={`/admin/reports/${kind}`}
              className="block h-full rounded-theme border border-gray-300 p-4 text-fg no-underline hover:border-blue-700 hover:bg-gray-50 focus-visible:outline-2"
            >
              <span className="block font-heading text-lg font-semibold text-blue-800 underline">
                {t(`admin-reports.reports.kinds.${kind}.title`)}
              </span>
              <span className="mt-1 block text-sm">{t(`admin-reports.reports.kinds.${kind}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
