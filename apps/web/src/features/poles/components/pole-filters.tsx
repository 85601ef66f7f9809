// Not on react-hook-form (issue 34): a search box and selects applied to the URL, nothing the client could refuse.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass, SelectField } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePoleCompanies } from '../api/get-pole-companies.ts';
import type { PoleListParams } from '../api/query-keys.ts';

export function PoleFilters({
  params,
  onChange,
  hasFilters,
}: {
  params: PoleListParams;
  onChange: (change: Partial<PoleListParams>) => void;
  hasFilters: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const companies = usePoleCompanies();
  const [text, setText] = useState(params.q);
  // The URL is the truth: going back or clearing updates the box.
  useEffect(() => setText(params.q), [params.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text.trim() });
  };
  return (
    <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid min-w-0 gap-1 sm:col-span-2">
        <label htmlFor={`${id}-q`} className="font-medium">
          {t('admin-poles.poles.registry.search')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('admin-poles.poles.registry.searchPlaceholder')}
            maxLength={100}
            className={`${inputClass} min-w-0`}
          />
          <Button type="submit" variant="secondary">
            {t('admin-poles.poles.registry.searchButton')}
          </Button>
        </div>
      </div>
      <SelectField
        id={`${id}-company`}
        label={t('admin-poles.poles.registry.company')}
        empty={t('admin-poles.poles.registry.allCompanies')}
        choices={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={params.companyId}
        onChange={(event) => onChange({ companyId: event.target.value })}
      />
      <SelectField
        id={`${id}-active`}
        label={t('admin-poles.poles.registry.status')}
        empty={t('admin-poles.poles.registry.allStatuses')}
        choices={[
          { value: 'true', label: t('admin-poles.poles.registry.activeOnly') },
          { value: 'false', label: t('admin-poles.poles.registry.inactiveOnly') },
        ]}
        value={params.active}
        onChange={(event) => onChange({ active: event.target.value as PoleListParams['active'] })}
      />
      {hasFilters ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <Button variant="secondary" size="sm" onClick={() => onChange({ q: '', companyId: '', active: '' })}>
            {t('admin-poles.poles.registry.clear')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
