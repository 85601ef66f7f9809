// The filters shared by the three reports: basic (status, dates, search) always shown,
// advanced (user, company, problem type, area) in a disclosure. Applied to the URL.
import { PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import { type ReportFilters, reportFiltersSchema } from '@acende/shared/schemas/reports';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
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
});

const fieldClass = 'w-full rounded-theme border border-gray-500 bg-white px-2 py-1.5';

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
    filters.assigneeId || filters.companyId || filters.problemType || filters.area !== undefined,
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

  const field = (name: keyof ReportFilters, label: string, control: React.ReactElement) => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const describedBy = (name: keyof ReportFilters) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-theme border border-gray-200 p-3 print:hidden" noValidate>
      <h2 className="font-heading text-lg font-semibold">{t('reports.filters.title')}</h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {field(
          'status',
          t('reports.filters.status'),
          <select id={`${id}-status`} value={draft.status} onChange={set('status')} className={fieldClass}>
            <option value="">{t('reports.filters.anyStatus')}</option>
            {REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>,
        )}
        {field(
          'startDate',
          t('reports.filters.startDate'),
          <input
            id={`${id}-startDate`}
            type="date"
            value={draft.startDate}
            onChange={set('startDate')}
            className={fieldClass}
            aria-invalid={Boolean(errors.startDate)}
            aria-describedby={describedBy('startDate')}
          />,
        )}
        {field(
          'endDate',
          t('reports.filters.endDate'),
          <input
            id={`${id}-endDate`}
            type="date"
            value={draft.endDate}
            onChange={set('endDate')}
            className={fieldClass}
            aria-invalid={Boolean(errors.endDate)}
            aria-describedby={describedBy('endDate')}
          />,
        )}
        {field(
          'q',
          t('reports.filters.search'),
          <input
            id={`${id}-q`}
            type="search"
            value={draft.q}
            onChange={set('q')}
            placeholder={t('reports.filters.searchPlaceholder')}
            className={fieldClass}
            maxLength={100}
          />,
        )}
      </div>
      <details open={advancedSet} className="grid gap-3">
        <summary className="cursor-pointer text-sm font-medium text-blue-800">{t('reports.filters.advanced')}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {field(
            'assigneeId',
            t('reports.filters.assignee'),
            <select
              id={`${id}-assigneeId`}
              value={draft.assigneeId}
              onChange={set('assigneeId')}
              className={fieldClass}
            >
              <option value="">{t('reports.filters.anyAssignee')}</option>
              {options.data?.assignees.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>,
          )}
          {field(
            'companyId',
            t('reports.filters.company'),
            <select id={`${id}-companyId`} value={draft.companyId} onChange={set('companyId')} className={fieldClass}>
              <option value="">{t('reports.filters.anyCompany')}</option>
              {options.data?.companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>,
          )}
          {field(
            'problemType',
            t('reports.filters.problemType'),
            <select
              id={`${id}-problemType`}
              value={draft.problemType}
              onChange={set('problemType')}
              className={fieldClass}
            >
              <option value="">{t('reports.filters.anyProblemType')}</option>
              {PROBLEM_TYPES.map((p) => (
                <option key={p} value={p}>
                  {t(`problemType.${p}`)}
                </option>
              ))}
            </select>,
          )}
          {field(
            'area',
            t('reports.filters.area'),
            <select id={`${id}-area`} value={draft.area} onChange={set('area')} className={fieldClass}>
              <option value="">{t('reports.filters.anyArea')}</option>
              {options.data?.areas.map((a) => (
                <option key={a.key} value={a.key}>
                  {areaName(a.city, a.district, t('reports.area.unknown'))}
                </option>
              ))}
            </select>,
          )}
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
