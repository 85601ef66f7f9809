// The crew report's figures: the period's totals, a table per crew and a table per crew and
// day (a page of 200 rows, with the previous and next pages). Numbers in the reader's language.
import type { CrewReport } from '@acende/shared/schemas/work-orders';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

type Figures = CrewReport['totals'];
const FIGURES = ['stops', 'fixed', 'fixedFirstVisit', 'notPossible', 'medianMinutes'] as const;

function useFigureText() {
  const { t, i18n } = useTranslation();
  const decimal = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'pt-BR', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (row: Figures, key: (typeof FIGURES)[number]) => {
    const value = row[key];
    if (value === null) return t('admin-work.report.none');
    return key === 'medianMinutes' ? decimal.format(value) : String(value);
  };
}

function FiguresTable<Row extends Figures>({
  label,
  rows,
  lead,
  rowKey,
}: {
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The columns before the figures: their heading and each row's text. */
  lead: { name: string; text: (row: Row) => string }[];
}) {
  const { t } = useTranslation();
  const text = useFigureText();
  const headings = FIGURES.map((key) => t(`admin-work.report.${key}`));
  return (
    <Table label={label} className="min-w-[720px]">
      <TableHeader>
        <TableRow>
          {lead.map((column) => (
            <TableHead key={column.name}>{column.name}</TableHead>
          ))}
          {headings.map((name) => (
            <TableHead key={name} className="text-right">
              {name}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {lead.map((column, i) => (
              <TableCell key={column.name} label={column.name} className={i === 0 ? 'font-medium' : undefined}>
                {column.text(row)}
              </TableCell>
            ))}
            {FIGURES.map((key, i) => (
              <TableCell key={key} label={headings[i]} className="sm:text-right">
                {text(row, key)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function CrewReportTables({ report, onPage }: { report: CrewReport; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const text = useFigureText();
  const pages = Math.max(1, Math.ceil(report.rowCount / report.pageSize));
  const day = (value: string) => (i18n.language === 'en' ? value : value.split('-').reverse().join('/'));
  const crew = { name: t('admin-work.report.crew'), text: (row: { crewName: string }) => row.crewName };
  const company = {
    name: t('admin-work.report.companyColumn'),
    text: (row: { companyName: string }) => row.companyName,
  };
  return (
    <div className="grid gap-6">
      <section className="grid gap-2" aria-labelledby={`${id}-totals`}>
        <h2 id={`${id}-totals`} className="font-heading text-xl font-semibold">
          {t('admin-work.report.totals')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {FIGURES.map((key) => (
            <div key={key} className="rounded-theme border border-gray-300 p-3">
              <dt className="text-sm text-gray-700">{t(`admin-work.report.${key}`)}</dt>
              <dd className="text-2xl font-semibold">{text(report.totals, key)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid gap-2">
        <h2 className="font-heading text-xl font-semibold">{t('admin-work.report.byCrew')}</h2>
        <FiguresTable
          label={t('admin-work.report.byCrew')}
          rows={report.crews}
          lead={[crew, company]}
          rowKey={(row) => String(row.crewId)}
        />
      </div>
      <div className="grid gap-2">
        <h2 className="font-heading text-xl font-semibold">{t('admin-work.report.byDay')}</h2>
        <FiguresTable
          label={t('admin-work.report.byDay')}
          rows={report.rows}
          rowKey={(row) => `${row.day}-${row.crewId}`}
          lead={[{ name: t('admin-work.report.day'), text: (row) => day(row.day) }, crew, company]}
        />
        {pages > 1 ? (
          <nav className="flex flex-wrap items-center gap-3" aria-label={t('admin-work.report.byDay')}>
            <Button variant="secondary" size="sm" disabled={report.page <= 1} onClick={() => onPage(report.page - 1)}>
              {t('admin-work.report.previous')}
            </Button>
            <span>{t('admin-work.report.page', { page: report.page, pages })}</span>
            <Button
              variant="secondary"
              size="sm"
              disabled={report.page >= pages}
              onClick={() => onPage(report.page + 1)}
            >
              {t('admin-work.report.next')}
            </Button>
          </nav>
        ) : null}
      </div>
    </div>
  );
}
