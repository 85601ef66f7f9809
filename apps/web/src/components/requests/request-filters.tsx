// The request-list filters: a search box (number, name, phone, address) and a pole number
// sent on submit (a pole number no pole can have is refused here, as the API would);
// status, problem type, energy company and assignee selects and the creation-day range
// applied at once (a range that ends before it starts is refused here, as the API would);
// and "clear filters".
import { PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import { isPoleNumber, normalisePoleNumber } from '@acende/shared/schemas/poles';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { type Choice, inputClass, SelectField, TextField } from '../ui/field.tsx';
import type { ListParams } from './list-params.ts';

/** The choices of the company and assignee filters; a filter without choices is not shown. */
export interface FilterChoices {
  companies?: readonly Choice[];
  assignees?: readonly Choice[];
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
  const [text, setText] = useState(params.q);
  const [pole, setPole] = useState(params.pole);
  const [poleInvalid, setPoleInvalid] = useState(false);
  const [range, setRange] = useState({ from: params.from, to: params.to });
  // The URL is the truth: going back or clearing updates the boxes.
  useEffect(() => setText(params.q), [params.q]);
  useEffect(() => {
    setPole(params.pole);
    setPoleInvalid(false);
  }, [params.pole]);
  useEffect(() => setRange({ from: params.from, to: params.to }), [params.from, params.to]);
  const backwards = Boolean(range.from && range.to && range.to < range.from);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = normalisePoleNumber(pole);
    const invalid = number !== '' && !isPoleNumber(number);
    setPoleInvalid(invalid);
    if (invalid) return;
    setPole(number);
    onChange({ q: text.trim(), pole: number });
  };

  const setDay = (end: 'from' | 'to', value: string) => {
    const next = { ...range, [end]: value };
    setRange(next);
    // A half-typed date is '' until complete; a range that ends before it starts waits.
    if (!(next.from && next.to && next.to < next.from)) onChange({ from: next.from, to: next.to });
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid min-w-0 gap-1 sm:col-span-2">
        <label htmlFor={`${id}-q`} className="font-medium">
          {t('operations.list.search')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('operations.list.searchPlaceholder')}
            maxLength={200}
            className={`${inputClass} min-w-0`}
          />
          <Button type="submit" variant="secondary">
            {t('operations.list.searchButton')}
          </Button>
        </div>
      </div>
      <TextField
        id={`${id}-pole`}
        label={t('operations.list.pole')}
        placeholder={t('operations.list.polePlaceholder')}
        value={pole}
        maxLength={40}
        kind="verbatim"
        autoCapitalize="characters"
        error={poleInvalid ? 'validation.pole.numberInvalid' : undefined}
        onChange={(event) => setPole(event.target.value)}
      />
      <SelectField
        id={`${id}-status`}
        label={t('operations.list.status')}
        empty={t('operations.list.allStatuses')}
        choices={REQUEST_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        value={params.status}
        onChange={(event) => onChange({ status: event.target.value as ListParams['status'] })}
      />
      <SelectField
        id={`${id}-deadline`}
        label={t('operations.deadline.label')}
        empty={t('operations.deadline.all')}
        choices={[{ value: 'overdue', label: t('operations.deadline.overdue') }]}
        value={params.deadline}
        onChange={(event) => onChange({ deadline: event.target.value as ListParams['deadline'] })}
      />
      <SelectField
        id={`${id}-type`}
        label={t('operations.list.problemType')}
        empty={t('operations.list.allProblemTypes')}
        choices={PROBLEM_TYPES.map((value) => ({ value, label: t(`problemType.${value}`) }))}
        value={params.problemType}
        onChange={(event) => onChange({ problemType: event.target.value as ListParams['problemType'] })}
      />
      {choices.companies ? (
        <SelectField
          id={`${id}-company`}
          label={t('operations.list.company')}
          empty={t('operations.list.allCompanies')}
          choices={choices.companies}
          value={params.companyId}
          onChange={(event) => onChange({ companyId: event.target.value })}
        />
      ) : null}
      {choices.assignees ? (
        <SelectField
          id={`${id}-assignee`}
          label={t('operations.list.assignee')}
          empty={t('operations.list.allAssignees')}
          choices={choices.assignees}
          value={params.assignedToId}
          onChange={(event) => onChange({ assignedToId: event.target.value })}
        />
      ) : null}
      {/* min-w-0: a fieldset is at least as wide as its content, and date inputs are wide. */}
      <fieldset className="grid min-w-0 gap-2 sm:col-span-2">
        <legend className="font-medium">{t('operations.list.dateRangeHint')}</legend>
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2">
          <TextField
            id={`${id}-from`}
            type="date"
            compact
            label={t('operations.list.from')}
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => setDay('from', event.target.value)}
          />
          <TextField
            id={`${id}-to`}
            type="date"
            compact
            label={t('operations.list.to')}
            value={range.to}
            min={range.from || undefined}
            error={backwards ? t('operations.list.dateRangeOrder') : undefined}
            onChange={(event) => setDay('to', event.target.value)}
          />
        </div>
      </fieldset>
      <div className="sm:col-span-2 lg:col-span-4">
        <Button
          variant="secondary"
          size="sm"
          disabled={!hasFilters && !text && !pole}
          onClick={() => {
            setText('');
            setPole('');
            setPoleInvalid(false);
            onClear();
          }}
        >
          {t('operations.list.clear')}
        </Button>
      </div>
    </form>
  );
}
