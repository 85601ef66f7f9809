// /transparencia: each energy company's figures over the last 30, 90 or 365 days (issue 25,
// decision 0037), as tables, charts (a lazy chunk) and a CSV of the same numbers. The period
// is in the address (?window=90), chosen by links, so a link shows what its sender saw.
import type { Transparency, TransparencyCompany, TransparencyRow } from '@acende/shared/schemas/transparency';
import { TRANSPARENCY_WINDOWS, type TransparencyWindow } from '@acende/shared/transparency';
import { lazy, Suspense, use } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { transparencyCsvUrl, useTransparency } from '../api/get-transparency.ts';
import { englishTransparencyTexts } from '../transparency-catalogue.ts';
import { formatHours, formatInstant, formatShare } from './format.ts';

const TransparencyCharts = lazy(() =>
  import('./transparency-charts.tsx').then((module) => ({ default: module.TransparencyCharts })),
);

// Satisfaction (decision 0050) and its texts: a chunk of its own, as the charts.
const TransparencySatisfaction = lazy(() => import('./transparency-satisfaction.tsx'));

const LINK = 'rounded text-blue-800 underline focus-visible:outline-3 focus-visible:outline-blue-700';

function windowOf(value: string | null): TransparencyWindow {
  const days = Number(value);
  return (TRANSPARENCY_WINDOWS as readonly number[]).includes(days) ? (days as TransparencyWindow) : 30;
}

type Figures = Pick<
  TransparencyRow,
  'received' | 'backlog' | 'completed' | 'withinTargetShare' | 'medianSeconds' | 'p90Seconds'
>;

/** The figure cells shared by both tables, in the columns' order. */
function FigureCells({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const hours = (seconds: number | null) =>
    seconds === null
      ? t('transparency.transparency.none')
      : t('transparency.transparency.hours', { value: formatHours(seconds, language) });
  return (
    <>
      <TableCell label={t('transparency.transparency.columns.received')} className="text-right tabular-nums">
        {figures.received}
      </TableCell>
      <TableCell label={t('transparency.transparency.columns.backlog')} className="text-right tabular-nums">
        {figures.backlog}
      </TableCell>
      <TableCell label={t('transparency.transparency.columns.completed')} className="text-right tabular-nums">
        {figures.completed}
      </TableCell>
      <TableCell label={t('transparency.transparency.columns.withinTarget')} className="text-right tabular-nums">
        {figures.withinTargetShare === null
          ? t('transparency.transparency.none')
          : formatShare(figures.withinTargetShare, language)}
      </TableCell>
      <TableCell label={t('transparency.transparency.columns.median')} className="text-right tabular-nums">
        {hours(figures.medianSeconds)}
      </TableCell>
      <TableCell label={t('transparency.transparency.columns.p90')} className="text-right tabular-nums">
        {hours(figures.p90Seconds)}
      </TableCell>
    </>
  );
}

function FigureHeads() {
  const { t } = useTranslation();
  return (
    <>
      <TableHead className="text-right">{t('transparency.transparency.columns.received')}</TableHead>
      <TableHead className="text-right">{t('transparency.transparency.columns.backlog')}</TableHead>
      <TableHead className="text-right">{t('transparency.transparency.columns.completed')}</TableHead>
      <TableHead className="text-right">{t('transparency.transparency.columns.withinTarget')}</TableHead>
      <TableHead className="text-right">{t('transparency.transparency.columns.median')}</TableHead>
      <TableHead className="text-right">{t('transparency.transparency.columns.p90')}</TableHead>
    </>
  );
}

function LeagueTable({ companies }: { companies: TransparencyCompany[] }) {
  const { t } = useTranslation();
  return (
    <Table
      label={t('transparency.transparency.league.caption')}
      className="min-w-[720px]"
      data-testid="transparency-companies"
    >
      <caption className="sr-only">{t('transparency.transparency.league.caption')}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('transparency.transparency.columns.rank')}</TableHead>
          <TableHead>{t('transparency.transparency.columns.company')}</TableHead>
          <FigureHeads />
        </TableRow>
      </TableHeader>
      <TableBody>
        {companies.map((company) => (
          <TableRow key={company.companyId}>
            <TableCell label={t('transparency.transparency.columns.rank')}>
              {company.rank === null ? t('transparency.transparency.league.notRanked') : `${company.rank}º`}
            </TableCell>
            <TableHead scope="row" className="max-sm:px-0 max-sm:py-0.5">
              {company.companyName}
            </TableHead>
            <FigureCells figures={company} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ByTypeTable({ rows }: { rows: TransparencyRow[] }) {
  const { t } = useTranslation();
  return (
    <Table
      label={t('transparency.transparency.byType.caption')}
      className="min-w-[760px]"
      data-testid="transparency-rows"
    >
      <caption className="sr-only">{t('transparency.transparency.byType.caption')}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('transparency.transparency.columns.company')}</TableHead>
          <TableHead>{t('transparency.transparency.columns.problemType')}</TableHead>
          <FigureHeads />
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={`${row.companyId}:${row.problemType}`}>
            <TableHead scope="row" className="max-sm:px-0 max-sm:py-0.5">
              {row.companyName}
            </TableHead>
            <TableCell label={t('transparency.transparency.columns.problemType')}>
              {t(`common.problemType.${row.problemType}`)}
            </TableCell>
            <FigureCells figures={row} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Figures({ data }: { data: Transparency }) {
  const { t } = useTranslation();
  if (data.companies.length === 0) return <p>{t('transparency.transparency.empty')}</p>;
  return (
    <div className="grid gap-6">
      <section className="grid gap-3" aria-labelledby="transparency-league">
        <h2 id="transparency-league" className="font-heading text-xl font-semibold">
          {t('transparency.transparency.league.title')}
        </h2>
        <p className="text-gray-700">{t('transparency.transparency.league.rule', { min: data.rankingMinCompleted })}</p>
        <LeagueTable companies={data.companies} />
      </section>
      <Suspense fallback={null}>
        <TransparencyCharts companies={data.companies} />
        <TransparencySatisfaction data={data} />
      </Suspense>
      <section className="grid gap-3" aria-labelledby="transparency-by-type">
        <h2 id="transparency-by-type" className="font-heading text-xl font-semibold">
          {t('transparency.transparency.byType.title')}
        </h2>
        <ByTypeTable rows={data.rows} />
      </section>
    </div>
  );
}

export default function TransparencyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const days = windowOf(params.get('window'));
  const query = useTransparency(days);
  const language = currentLanguage();
  // The router's Suspense shows its spinner while the English texts arrive.
  if (language === 'en') use(englishTransparencyTexts());
  return (
    <PageShell
      title={t('transparency.transparency.title')}
      description={t('transparency.transparency.intro')}
      className="grid gap-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <nav aria-label={t('transparency.transparency.window')}>
          <ul className="flex flex-wrap gap-2">
            {TRANSPARENCY_WINDOWS.map((value) => (
              <li key={value}>
                <Link
                  to={`?window=${value}`}
                  replace
                  aria-current={value === days ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-11 items-center rounded-theme border px-3 focus-visible:outline-3 focus-visible:outline-blue-700',
                    value === days
                      ? 'border-blue-800 bg-blue-800 font-semibold text-white'
                      : 'border-gray-300 text-blue-800 underline',
                  )}
                >
                  {t(`transparency.transparency.windows.${value}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <a href={transparencyCsvUrl(days, language)} download className={LINK}>
          {t('transparency.transparency.download')}
        </a>
      </div>
      <QueryState
        query={query}
        errorMessage={t('transparency.transparency.error')}
        retryLabel={t('public.notice.retry')}
        loadingLabel={t('transparency.transparency.loading')}
      >
        {(data) => (
          <>
            <p className="text-sm text-gray-700" data-testid="transparency-computed-at">
              {t('transparency.transparency.computedAt', { at: formatInstant(data.computedAt, language) })}
            </p>
            <Figures data={data} />
          </>
        )}
      </QueryState>
      <section className="grid gap-2" aria-labelledby="transparency-definitions">
        <h2 id="transparency-definitions" className="font-heading text-xl font-semibold">
          {t('transparency.transparency.definitions.title')}
        </h2>
        <p>{t('transparency.transparency.definitions.received')}</p>
        <p>{t('transparency.transparency.definitions.backlog')}</p>
        <p>{t('transparency.transparency.definitions.completed')}</p>
      </section>
    </PageShell>
  );
}
