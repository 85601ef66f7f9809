// The lines a PDF export opens with, in the reader's language: the filters applied and
// the summary's figures.
import { type Language, PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { FILTER_NAMES, parseAreaKey, type ReportFilters, type ReportSummary } from '@acende/shared/schemas/reports';
import type { AppDeps } from '../../app-deps.ts';
import { areaLabel, formatDate, formatDuration } from '../../core/format.ts';
import { findAdminName, findCompanyName } from './reports.options.repository.ts';

const FILTER_LABEL_KEYS: Record<(typeof FILTER_NAMES)[number], MessageKey> = {
  status: 'admin-reports.reports.filters.status',
  startDate: 'admin-reports.reports.filters.startDate',
  endDate: 'admin-reports.reports.filters.endDate',
  q: 'admin-reports.reports.filters.search',
  assigneeId: 'admin-reports.reports.filters.assignee',
  companyId: 'admin-reports.reports.filters.company',
  problemType: 'admin-reports.reports.filters.problemType',
  area: 'admin-reports.reports.filters.area',
  pole: 'admin-reports.reports.filters.pole',
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
        text = t(`common.status.${filters.status!}`);
        break;
      case 'problemType':
        text = t(`common.problemType.${filters.problemType!}`);
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
  return lines.length ? lines : [t('admin-reports.reports.filters.none')];
}

export function summaryLines(summary: ReportSummary, language: Language): string[] {
  const t = (key: MessageKey, params?: Record<string, unknown>) => translate(language, key, params);
  const list = (pairs: [string, number][]) => pairs.map(([label, n]) => `${label} ${n}`).join(' · ');
  const completion = summary.completion.count
    ? `${t('admin-reports.reports.summary.completion')}: ${t('admin-reports.reports.summary.median')} ${formatDuration(summary.completion.medianSeconds, language)} · ${t('admin-reports.reports.summary.p90')} ${formatDuration(summary.completion.p90Seconds, language)} (${t('admin-reports.reports.summary.completedCount', { count: summary.completion.count })})`
    : `${t('admin-reports.reports.summary.completion')}: ${t('admin-reports.reports.summary.noCompleted')}`;
  return [
    `${t('admin-reports.reports.summary.total')}: ${summary.total}`,
    `${t('admin-reports.reports.summary.byStatus')}: ${list(REQUEST_STATUSES.map((s) => [t(`common.status.${s}`), summary.byStatus[s]]))}`,
    `${t('admin-reports.reports.summary.byProblemType')}: ${list(PROBLEM_TYPES.map((p) => [t(`common.problemType.${p}`), summary.byProblemType[p]]))}`,
    `${t('admin-reports.reports.summary.byCompany')}: ${summary.byCompany.length ? list(summary.byCompany.map((c) => [c.name, c.count])) : '—'}`,
    completion,
  ];
}
