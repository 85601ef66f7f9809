// The request-list filters: a search box (number, name, phone, address) sent on submit,
// status and problem-type selects applied at once, and "clear filters".
import { PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { inputClass } from '../ui/field.tsx';
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
      <div className="grid gap-1">
        <label htmlFor={`${id}-status`} className="font-medium">
          {t('operations.list.status')}
        </label>
        <select
          id={`${id}-status`}
          value={params.status}
          onChange={(event) => onChange({ status: event.target.value as ListParams['status'] })}
          className={inputClass}
        >
          <option value="">{t('operations.list.allStatuses')}</option>
          {REQUEST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-type`} className="font-medium">
          {t('operations.list.problemType')}
        </label>
        <select
          id={`${id}-type`}
          value={params.problemType}
          onChange={(event) => onChange({ problemType: event.target.value as ListParams['problemType'] })}
          className={inputClass}
        >
          <option value="">{t('operations.list.allProblemTypes')}</option>
          {PROBLEM_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`problemType.${type}`)}
            </option>
          ))}
        </select>
      </div>
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
