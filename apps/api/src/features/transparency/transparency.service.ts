// The public transparency figures (issue 25, decision 0037): one window's figures from the
// shared cache, and the same figures as CSV in the reader's language.
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { Transparency } from '@acende/shared/schemas/transparency';
import { TRANSPARENCY_MAX_AGE_SECONDS, type TransparencyWindow } from '@acende/shared/transparency';
import type { AppDeps } from '../../app-deps.ts';
import { CSV_BOM, csvLine, textCell } from '../../core/csv.ts';
import { formatNumber } from '../../core/format.ts';
import { type Cached, figureCache } from './transparency.cache.ts';
import { computeFigures } from './transparency.figures.ts';

const DAY_MS = 86_400_000;

export interface TransparencyService {
  /** The figures of the last `days` days, computed at most TRANSPARENCY_MAX_AGE_SECONDS ago. */
  readFigures(days: TransparencyWindow): Promise<Cached<Transparency>>;
  /** Seconds the figures stay fresh (for the answer's Cache-Control). */
  maxAgeLeft(cached: Cached<Transparency>): number;
}

export function transparencyService(deps: Pick<AppDeps, 'db' | 'clock'>): TransparencyService {
  const cache = figureCache<Transparency>(deps.db, deps.clock, TRANSPARENCY_MAX_AGE_SECONDS * 1000);
  return {
    readFigures(days) {
      // v2: the figures with satisfaction (decision 0050); rows of the old shape are left to expire.
      return cache.get(`figures:v2:${days}`, (now) => {
        const to = now.toISOString();
        const from = new Date(now.getTime() - days * DAY_MS).toISOString();
        return computeFigures(deps.db, { days, from, to }, to);
      });
    },
    maxAgeLeft(cached) {
      const age = (deps.clock.now().getTime() - Date.parse(cached.computedAt)) / 1000;
      return Math.max(0, Math.floor(TRANSPARENCY_MAX_AGE_SECONDS - age));
    },
  };
}

/**
 * The figures as CSV (pt-BR spreadsheets, as the reports: decision 0007): each company's total
 * line (problem type empty, with its rank) and then one line per problem type. Times in seconds
 * and shares as fractions, as the JSON has them, so the two can be compared number for number.
 */
export function figuresCsv(figures: Transparency, language: Language): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  const count = (n: number) => String(n);
  const optional = (n: number | null, digits = 0) => (n === null ? '' : formatNumber(n, language, digits));
  let out =
    CSV_BOM +
    csvLine([
      t('transparency.transparency.csv.windowDays'),
      t('transparency.transparency.csv.company'),
      t('transparency.transparency.csv.problemType'),
      t('transparency.transparency.csv.rank'),
      t('transparency.transparency.csv.received'),
      t('transparency.transparency.csv.backlog'),
      t('transparency.transparency.csv.completed'),
      t('transparency.transparency.csv.completedWithinTarget'),
      t('transparency.transparency.csv.withinTargetShare'),
      t('transparency.transparency.csv.medianSeconds'),
      t('transparency.transparency.csv.p90Seconds'),
      t('satisfaction.csv.ratings'),
      t('satisfaction.csv.averageScore'),
    ]);
  const line = (
    companyName: string,
    problemType: string,
    rank: number | null,
    f: Transparency['rows'][number] | Transparency['companies'][number],
  ) =>
    csvLine([
      count(figures.windowDays),
      textCell(companyName),
      problemType,
      rank === null ? '' : count(rank),
      count(f.received),
      count(f.backlog),
      count(f.completed),
      count(f.completedWithinTarget),
      optional(f.withinTargetShare, 4),
      optional(f.medianSeconds),
      optional(f.p90Seconds),
      // Satisfaction is a company's figure: its problem-type lines leave it empty.
      'ratings' in f ? count(f.ratings) : '',
      'ratings' in f ? optional(f.averageScore, 2) : '',
    ]);
  for (const company of figures.companies) {
    out += line(company.companyName, '', company.rank, company);
    for (const row of figures.rows) {
      if (row.companyId === company.companyId) out += line(row.companyName, row.problemType, null, row);
    }
  }
  return out;
}
