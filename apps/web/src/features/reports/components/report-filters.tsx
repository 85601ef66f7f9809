// The filters shared by the three reports: basic (status, dates, search) always shown,
// advanced (user, company, problem type, area, pole) in a disclosure. Applied to the URL.
import { PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { type ReportFilters, reportFiltersSchema } from '@acende/shared/schemas/reports';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { type Choice, SelectField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
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
  const form = useForm<Draft, unknown, ReportFilters>({
    resolver: zodResolver(reportFiltersSchema, undefined, { mode: 'sync' }) as unknown as Resolver<
      Draft,
      unknown,
      ReportFilters
    >,
    defaultValues: toDraft(filters),
    // Checked when applied, as before: errors stay until the next try, and the focus stays put.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = fieldBinder(form, id);
  const advancedSet = Boolean(
    filters.assigneeId || filters.companyId || filters.problemType || filters.area !== undefined || filters.pole,
  );

  useEffect(() => form.reset(toDraft(filters)), [filters, form]);

  const submit = form.handleSubmit((parsed) => onApply(parsed));

  /** The control's id, registration and error, in the filters' compact size. */
  const bind = (name: keyof ReportFilters) => ({ ...field(name), compact: true });
  const select = (name: keyof ReportFilters, label: MessageKey, any: MessageKey, choices: Choice[] = []) => (
    <SelectField label={t(label)} empty={t(any)} choices={choices} {...bind(name)} />
  );
  const statuses = REQUEST_STATUSES.map((value) => ({ value, label: t(`common.status.${value}`) }));
  const problemTypes = PROBLEM_TYPES.map((value) => ({ value, label: t(`common.problemType.${value}`) }));
  const assignees = options.data?.assignees.map((a) => ({ value: a.id, label: a.name }));
  const companies = options.data?.companies.map((c) => ({ value: c.id, label: c.name }));
  const areas = options.data?.areas.map((a) => ({
    value: a.key,
    label: areaName(a.city, a.district, t('admin-reports.reports.area.unknown')),
  }));

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-theme border border-gray-200 p-3 print:hidden" noValidate>
      <h2 className="font-heading text-lg font-semibold">{t('admin-reports.reports.filters.title')}</h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {select('status', 'admin-reports.reports.filters.status', 'admin-reports.reports.filters.anyStatus', statuses)}
        <TextField label={t('admin-reports.reports.filters.startDate')} type="date" {...bind('startDate')} />
        <TextField label={t('admin-reports.reports.filters.endDate')} type="date" {...bind('endDate')} />
        <TextField
          label={t('admin-reports.reports.filters.search')}
          type="search"
          placeholder={t('admin-reports.reports.filters.searchPlaceholder')}
          maxLength={100}
          {...bind('q')}
        />
      </div>
      <details open={advancedSet} className="grid gap-3">
        <summary className="cursor-pointer text-sm font-medium text-blue-800">
          {t('admin-reports.reports.filters.advanced')}
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {select(
            'assigneeId',
            'admin-reports.reports.filters.assignee',
            'admin-reports.reports.filters.anyAssignee',
            assignees,
          )}
          {select(
            'companyId',
            'admin-reports.reports.filters.company',
            'admin-reports.reports.filters.anyCompany',
            companies,
          )}
          {select(
            'problemType',
            'admin-reports.reports.filters.problemType',
            'admin-reports.reports.filters.anyProblemType',
            problemTypes,
          )}
          {select('area', 'admin-reports.reports.filters.area', 'admin-reports.reports.filters.anyArea', areas)}
          <TextField
            label={t('admin-reports.reports.filters.pole')}
            placeholder={t('admin-reports.reports.filters.polePlaceholder')}
            maxLength={40}
            kind="verbatim"
            autoCapitalize="characters"
            {...bind('pole')}
          />
        </div>
      </details>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t('admin-reports.reports.filters.apply')}</Button>
        <Button
          type="button"
          variant="secondary"
          disabled={!hasFilters(filters)}
          onClick={() => {
            form.clearErrors();
            onApply({});
          }}
        >
          {t('admin-reports.reports.filters.clear')}
        </Button>
      </div>
    </form>
  );
}
