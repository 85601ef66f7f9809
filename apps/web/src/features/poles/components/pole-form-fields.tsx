// The pole form's fields: company (the pole's own kept as a choice even when the list leaves
// it out), number, where it stands, street, description, and "active" for a new pole.
import type { AdminPole } from '@acende/shared/schemas/poles';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import type { BoundField } from '../../../components/ui/form-binding.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePoleCompanies } from '../api/get-pole-companies.ts';
import type { PoleFormValues } from '../hooks/use-pole-form.ts';

export function PoleFormFields({
  pole,
  field,
}: {
  pole: AdminPole | undefined;
  field: (name: keyof PoleFormValues) => BoundField;
}) {
  const { t } = useTranslation();
  const companies = usePoleCompanies();
  // The pole's own company stays a choice even when the list leaves it out (an inactive one).
  const choices = (companies.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.active ? c.name : `${c.name} ${t('admin-poles.poles.registry.form.inactiveCompany')}`,
  }));
  if (pole && !choices.some((c) => c.value === String(pole.companyId))) {
    choices.push({ value: String(pole.companyId), label: pole.companyName });
  }

  return (
    <>
      <SelectField
        label={t('admin-poles.poles.registry.form.company')}
        required
        empty={t('admin-poles.poles.registry.form.chooseCompany')}
        choices={choices}
        hint={companies.isError ? t('admin-poles.poles.registry.form.companiesError') : undefined}
        {...field('companyId')}
      />
      <TextField
        label={t('admin-poles.poles.registry.form.number')}
        hint={t('admin-poles.poles.registry.form.numberHint')}
        required
        kind="verbatim"
        maxLength={40}
        {...field('number')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('admin-poles.poles.registry.form.latitude')}
          required
          inputMode="decimal"
          autoComplete="off"
          {...field('latitude')}
        />
        <TextField
          label={t('admin-poles.poles.registry.form.longitude')}
          required
          inputMode="decimal"
          autoComplete="off"
          {...field('longitude')}
        />
      </div>
      <p className="-mt-2 text-sm text-gray-700">{t('admin-poles.poles.registry.form.coordinatesHint')}</p>
      <TextField
        label={t('admin-poles.poles.registry.form.street')}
        autoComplete="off"
        maxLength={200}
        {...field('street')}
      />
      <TextAreaField
        label={t('admin-poles.poles.registry.form.description')}
        rows={3}
        maxLength={500}
        {...field('description')}
      />
      {/* An existing pole is deactivated and reactivated with the button above, after a confirmation. */}
      {pole ? null : <CheckboxField label={t('admin-poles.poles.registry.form.active')} {...field('active')} />}
    </>
  );
}
