// The request-list filters: a search box (number, name, phone, address) sent on submit,
// status and problem-type selects applied at once, and "clear filters".
import { PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { inputClass, SelectField } from '../ui/field.tsx';
import type { ListParams } from './list-params.ts';

export function RequestFilters({
  params,
  onChange,
  onClear,
  hasFilters,
}: {
  params: ListParams;
  onChange: (changes: Partial<ListParams>) => void;
  onClear: () => void;
  hasFilters: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(params.q);
  // The URL is the truth: going back or clearing updates the box.
  useEffect(() => setText(params.q), [params.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text.trim() });
  };

  return (
    <form onSubmit={submit} className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid gap-1">
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
            className={inputClass}
          />
          <Button type="submit" variant="secondary">
            {t('operations.list.searchButton')}
          </Button>
        </div>
      </div>
      <SelectField
        id={`${id}-status`}
        label={t('operations.list.status')}
        empty={t('operations.list.allStatuses')}
        choices={REQUEST_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        value={params.status}
        onChange={(event) => onChange({ status: event.target.value as ListParams['status'] })}
      />
      <SelectField
        id={`${id}-type`}
        label={t('operations.list.problemType')}
        empty={t('operations.list.allProblemTypes')}
        choices={PROBLEM_TYPES.map((value) => ({ value, label: t(`problemType.${value}`) }))}
        value={params.problemType}
        onChange={(event) => onChange({ problemType: event.target.value as ListParams['problemType'] })}
      />
      <div className="md:col-span-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={!hasFilters && !text}
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          {t('operations.list.clear')}
        </Button>
      </div>
    </form>
  );
}
