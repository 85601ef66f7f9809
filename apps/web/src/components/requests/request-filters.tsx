// The request-list filters: a search box (number, name, phone, address) and a pole number
// sent on submit, checked with the list query's own schema (a pole number no pole can have
// is refused here, as the API would);
// status, problem type, energy company and assignee selects and the creation-day range
// applied at once (a range that ends before it starts is refused here, as the API would);
// and "clear filters".
import { PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import { adminRequestListQuerySchema } from '@acende/shared/schemas/admin-request-filters';
import { normalisePoleNumber } from '@acende/shared/schemas/poles';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation.ts';
import { Button } from '../ui/button.tsx';
import { type Choice, inputClass, SelectField, TextField } from '../ui/field.tsx';
import { fieldBinder, payloadResolver } from '../ui/form-binding.ts';
import type { ListParams } from './list-params.ts';

/** The choices of the company and assignee filters; a filter without choices is not shown. */
export interface FilterChoices {
  companies?: readonly Choice[];
  assignees?: readonly Choice[];
}

/** The boxes sent on submit; the selects and the day range apply at once. */
interface SearchBoxes {
  q: string;
  pole: string;
}

/** Checked with the list query's own schema when sent: a refused pole number stays until the next try. */
function useSearchForm(params: ListParams) {
  const form = useForm<SearchBoxes>({
    resolver: payloadResolver(adminRequestListQuerySchema, (values) => values),
    defaultValues: { q: params.q, pole: params.pole },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // The URL is the truth: going back or clearing updates the boxes.
  useEffect(() => form.setValue('q', params.q), [form, params.q]);
  useEffect(() => {
    form.setValue('pole', params.pole);
    form.clearErrors('pole');
  }, [form, params.pole]);
  return form;
}

export function RequestFilters({
  params,
  onChange,
  onClear,
  hasFilters,
  choices = {},
}: {
  params: ListParams;
  onChange: (changes: Partial<ListParams>) => void;
  onClear: () => void;
  hasFilters: boolean;
  choices?: FilterChoices;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useSearchForm(params);
  const field = fieldBinder(form, id);
  const [text, pole] = form.watch(['q', 'pole']);

  const submit = form.handleSubmit((values) => {
    const number = normalisePoleNumber(values.pole);
    form.setValue('pole', number);
    onChange({ q: values.q.trim(), pole: number });
  });

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid min-w-0 gap-1 sm:col-span-2">
        <label htmlFor={`${id}-q`} className="font-medium">
          {t('admin-operations.operations.list.search')}
        </label>
        <div className="flex gap-2">
          <input
            type="search"
            {...form.register('q')}
            id={`${id}-q`}
            placeholder={t('admin-operations.operations.list.searchPlaceholder')}
            maxLength={200}
            className={`${inputClass} min-w-0`}
          />
          <Button type="submit" variant="secondary">
            {t('admin-operations.operations.list.searchButton')}
          </Button>
        </div>
      </div>
      <TextField
        label={t('admin-operations.operations.list.pole')}
        placeholder={t('admin-operations.operations.list.polePlaceholder')}
        maxLength={40}
        kind="verbatim"
        autoCapitalize="characters"
        {...field('pole')}
      />
      <SelectField
        id={`${id}-status`}
        label={t('admin-operations.operations.list.status')}
        empty={t('admin-operations.operations.list.allStatuses')}
        choices={REQUEST_STATUSES.map((value) => ({ value, label: t(`common.status.${value}`) }))}
        value={params.status}
        onChange={(event) => onChange({ status: event.target.value as ListParams['status'] })}
      />
      <SelectField
        id={`${id}-deadline`}
        label={t('admin-operations.operations.deadline.label')}
        empty={t('admin-operations.operations.deadline.all')}
        choices={[{ value: 'overdue', label: t('admin-operations.operations.deadline.overdue') }]}
        value={params.deadline}
        onChange={(event) => onChange({ deadline: event.target.value as ListParams['deadline'] })}
      />
      <SelectField
        id={`${id}-type`}
        label={t('admin-operations.operations.list.problemType')}
        empty={t('admin-operations.operations.list.allProblemTypes')}
        choices={PROBLEM_TYPES.map((value) => ({ value, label: t(`common.problemType.${value}`) }))}
        value={params.problemType}
        onChange={(event) => onChange({ problemType: event.target.value as ListParams['problemType'] })}
      />
      {choices.companies ? (
        <SelectField
          id={`${id}-company`}
          label={t('admin-operations.operations.list.company')}
          empty={t('admin-operations.operations.list.allCompanies')}
          choices={choices.companies}
          value={params.companyId}
          onChange={(event) => onChange({ companyId: event.target.value })}
        />
      ) : null}
      {choices.assignees ? (
        <SelectField
          id={`${id}-assignee`}
          label={t('admin-operations.operations.list.assignee')}
          empty={t('admin-operations.operations.list.allAssignees')}
          choices={choices.assignees}
          value={params.assignedToId}
          onChange={(event) => onChange({ assignedToId: event.target.value })}
        />
      ) : null}
      <DateRangeFilter from={params.from} to={params.to} onChange={onChange} />
      <div className="sm:col-span-2 lg:col-span-4">
        <Button
          variant="secondary"
          size="sm"
          disabled={!hasFilters && !text && !pole}
          onClick={() => {
            form.reset({ q: '', pole: '' });
            onClear();
          }}
        >
          {t('admin-operations.operations.list.clear')}
        </Button>
      </div>
    </form>
  );
}

/** The creation-day range, applied at once; a range that ends before it starts waits, refused. */
function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (changes: Partial<ListParams>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [range, setRange] = useState({ from, to });
  // The URL is the truth: going back or clearing updates the boxes.
  useEffect(() => setRange({ from, to }), [from, to]);
  const backwards = Boolean(range.from && range.to && range.to < range.from);

  const setDay = (end: 'from' | 'to', value: string) => {
    const next = { ...range, [end]: value };
    setRange(next);
    // A half-typed date is '' until complete; a range that ends before it starts waits.
    if (!(next.from && next.to && next.to < next.from)) onChange({ from: next.from, to: next.to });
  };

  return (
    <>
      {/* min-w-0: a fieldset is at least as wide as its content, and date inputs are wide. */}
      <fieldset className="grid min-w-0 gap-2 sm:col-span-2">
        <legend className="font-medium">{t('admin-operations.operations.list.dateRangeHint')}</legend>
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2">
          <TextField
            id={`${id}-from`}
            type="date"
            compact
            label={t('admin-operations.operations.list.from')}
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => setDay('from', event.target.value)}
          />
          <TextField
            id={`${id}-to`}
            type="date"
            compact
            label={t('admin-operations.operations.list.to')}
            value={range.to}
            min={range.from || undefined}
            error={backwards ? t('admin-operations.operations.list.dateRangeOrder') : undefined}
            onChange={(event) => setDay('to', event.target.value)}
          />
        </div>
      </fieldset>
    </>
  );
}
