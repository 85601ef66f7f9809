// Export PDF, Export CSV and Print for a report, with the spec's toasts.
import type { ReportFilters, ReportKind } from '@acende/shared/schemas/reports';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useExportReport } from '../api/export-report.ts';

export function ReportActions({ kind, filters }: { kind: ReportKind; filters: ReportFilters }) {
  const { t } = useTranslation();
  const exporter = useExportReport();
  const run = (format: 'pdf' | 'csv') =>
    exporter.mutate(
      { kind, format, filters },
      {
        onSuccess: () =>
          toast({
            title: t(
              format === 'pdf' ? 'admin-reports.reports.toast.pdfExported' : 'admin-reports.reports.toast.csvExported',
            ),
            variant: 'success',
          }),
        onError: () =>
          toast({
            title: t('admin-reports.reports.toast.exportErrorTitle'),
            description: t('admin-reports.reports.toast.exportError'),
            variant: 'destructive',
          }),
      },
    );
  const busy = exporter.isPending;
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button
        variant="secondary"
        onClick={() => run('pdf')}
        disabled={busy}
        aria-busy={busy && exporter.variables?.format === 'pdf'}
      >
        {t('admin-reports.reports.actions.exportPdf')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => run('csv')}
        disabled={busy}
        aria-busy={busy && exporter.variables?.format === 'csv'}
      >
        {t('admin-reports.reports.actions.exportCsv')}
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        {t('admin-reports.reports.actions.print')}
      </Button>
    </div>
  );
}
