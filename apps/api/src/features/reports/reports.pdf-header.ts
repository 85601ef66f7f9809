// The lines a PDF export opens with, in the reader's language: the filters applied and
// the summary's figures.
import { type Language, PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { FILTER_NAMES, parseAreaKey, type ReportFilters, type ReportSummary } from '@acende/shared/schemas/reports';
import type { AppDeps } from '../../app-deps.ts';
import { areaLabel, formatDate, formatDuration } from './reports.format.ts';
import { findAdminName, findCompanyName } from './reports.repository.ts';

const FILTER_LABEL_KEYS: Record<(typeof FILTER_NAMES)[number], MessageKey> = {
  status: 'reports.filters.status',
  startDate: 'reports.filters.startDate',
  endDate: 'reports.filters.endDate',
  q: 'reports.filters.search',
  assigneeId: 'reports.filters.assignee',
  companyId: 'reports.filters.company',
  problemType: 'reports.filters.problemType',
  area: 'reports.filters.area',
  pole: 'reports.filters.pole',
};

/**
 * The filters applied, as "Label: value" lines in the reader's language. A company or
 * account outside the reader's scope is written as its number only: the report holds
 * none of its requests anyway (the scope wins, as in the lists), and its name is not
 * the reader's to learn.
 */
export async function describeFilters(
  deps: AppDeps,
  scope: number[] | null,
  filters: ReportFilters,
  language: Language,
): Promise<string[]> {
  const t = (key: MessageKey) => translate(language, key);
  const lines: string[] = [];
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value === undefined) continue;
    let text: string;
    switch (name) {
      // `value` is filters[name]: set, and of the type the schema gives that filter.
      case 'status':
        text = t(`status.${filters.status!}`);
        break;
      case 'problemType':
        text = t(`problemType.${filters.problemType!}`);
        break;
      case 'startDate':
      case 'endDate':
        text = formatDate(String(value), language);
        break;
      case 'assigneeId':
        text = (await findAdminName(deps.db, Number(value), scope))?.name ?? `#${value}`;
        break;
      case 'companyId':
        text = (await findCompanyName(deps.db, Number(value), scope))?.name ?? `#${value}`;
        break;
      case 'area': {
        const { city, district } = parseAreaKey(String(value));
        text = areaLabel(city, district, language);
        break;
      }
      default:
        text = String(value);
    }
    lines.push(`${t(FILTER_LABEL_KEYS[name])}: ${text}`);
  }
  return lines.length ? lines : [t('reports.filters.none')];
}

export function summaryLines(summary: ReportSummary, language: Language): string[] {
  const t = (key: MessageKey, params?: Record<string, unknown>) => translate(language, key, params);
  const list = (pairs: [string, number][]) => pairs.map(([label, n]) => `${label} ${n}`).join(' · ');
  const completion = summary.completion.count
    ? `${t('reports.summary.completion')}: ${t('reports.summary.median')} ${formatDuration(summary.completion.medianSeconds, language)} · ${t('reports.summary.p90')} ${formatDuration(summary.completion.p90Seconds, language)} (${t('reports.summary.completedCount', { count: summary.completion.count })})`
    : `${t('reports.summary.completion')}: ${t('reports.summary.noCompleted')}`;
  return [
    `${t('reports.summary.total')}: ${summary.total}`,
    `${t('reports.summary.byStatus')}: ${list(REQUEST_STATUSES.map((s) => [t(`status.${s}`), summary.byStatus[s]]))}`,
    `${t('reports.summary.byProblemType')}: ${list(PROBLEM_TYPES.map((p) => [t(`problemType.${p}`), summary.byProblemType[p]]))}`,
    `${t('reports.summary.byCompany')}: ${summary.byCompany.length ? list(summary.byCompany.map((c) => [c.name, c.count])) : '—'}`,
    completion,
  ];
}
