// The filters shared by the three reports: basic (status, dates, search) always shown,
// advanced (user, company, problem type, area, pole) in a disclosure. Applied to the URL.
import { PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { type ReportFilters, reportFiltersSchema } from '@acende/shared/schemas/reports';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { type Choice, SelectField, TextField } from '../../../components/ui/field.tsx';
import { messageKey } from '../../../lib/i18n-types.ts';
import { useReportOptions } from '../api/get-report-options.ts';
import { areaName, hasFilters } from '../lib/report-params.ts';

type Draft = Record<keyof ReportFilters, string>;

const toDraft = (filters: ReportFilters): Draft => ({
  status: filters.status ?? '',
  startDate: filters.startDate ?? '',
  endDate: filters.endDate ?? '',
  q: filters.q ?? '',
  assigneeId: filters.assigneeId ? String(filters.assigneeId) : '',
  companyId: filters.companyId ? String(filters.companyId) : '',
  problemType: filters.problemType ?? '',
  area: filters.area ?? '',
  pole: filters.pole ?? '',
});

export function ReportFiltersForm({
  filters,
  onApply,
}: {
  filters: ReportFilters;
  onApply: (filters: ReportFilters) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const options = useReportOptions();
  const [draft, setDraft] = useState<Draft>(() => toDraft(filters));
  const [errors, setErrors] = useState<Partial<Record<keyof ReportFilters, string>>>({});
  const advancedSet = Boolean(
    filters.assigneeId || filters.companyId || filters.problemType || filters.area !== undefined || filters.pole,
  );

  useEffect(() => setDraft(toDraft(filters)), [filters]);

  const set = (name: keyof ReportFilters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = z.safeParse(reportFiltersSchema, draft);
    if (!parsed.success) {
      const next: Partial<Record<keyof ReportFilters, string>> = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof ReportFilters] ??= t(messageKey(issue.message));
      setErrors(next);
      return;
    }
    setErrors({});
    onApply(parsed.data);
  };

  /** The control's id, value, change and error, in the filters' compact size. */
  const bind = (name: keyof ReportFilters) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: set(name),
    error: errors[name],
    compact: true,
  });
  const select = (name: keyof ReportFilters, label: MessageKey, any: MessageKey, choices: Choice[] = []) => (
    <SelectField label={t(label)} empty={t(any)} choices={choices} {...bind(name)} />
  );
  const statuses = REQUEST_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }));
  const problemTypes = PROBLEM_TYPES.map((value) => ({ value, label: t(`problemType.${value}`) }));
  const assignees = options.data?.assignees.map((a) => ({ value: a.id, label: a.name }));
  const companies = options.data?.companies.map((c) => ({ value: c.id, label: c.name }));
  const areas = options.data?.areas.map((a) => ({
    value: a.key,
    label: areaName(a.city, a.district, t('reports.area.unknown')),
  }));

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-theme border border-gray-200 p-3 print:hidden" noValidate>
      <h2 className="font-heading text-lg font-semibold">{t('reports.filters.title')}</h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {select('status', 'reports.filters.status', 'reports.filters.anyStatus', statuses)}
        <TextField label={t('reports.filters.startDate')} type="date" {...bind('startDate')} />
        <TextField label={t('reports.filters.endDate')} type="date" {...bind('endDate')} />
        <TextField
          label={t('reports.filters.search')}
          type="search"
          placeholder={t('reports.filters.searchPlaceholder')}
          maxLength={100}
          {...bind('q')}
        />
      </div>
      <details open={advancedSet} className="grid gap-3">
        <summary className="cursor-pointer text-sm font-medium text-blue-800">{t('reports.filters.advanced')}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {select('assigneeId', 'reports.filters.assignee', 'reports.filters.anyAssignee', assignees)}
          {select('companyId', 'reports.filters.company', 'reports.filters.anyCompany', companies)}
          {select('problemType', 'reports.filters.problemType', 'reports.filters.anyProblemType', problemTypes)}
          {select('area', 'reports.filters.area', 'reports.filters.anyArea', areas)}
          <TextField
            label={t('reports.filters.pole')}
            placeholder={t('reports.filters.polePlaceholder')}
            maxLength={40}
            kind="verbatim"
            autoCapitalize="characters"
            {...bind('pole')}
          />
        </div>
      </details>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t('reports.filters.apply')}</Button>
        <Button
          type="button"
          variant="secondary"
          disabled={!hasFilters(filters)}
          onClick={() => {
            setErrors({});
            onApply({});
          }}
        >
          {t('reports.filters.clear')}
        </Button>
      </div>
    </form>
  );
}
