// The form that adds a material: the company (those the account may act for), the name and
// the unit, checked with the API's schema; "name taken" (409) shows under the name.
import { MATERIAL_NAME_MAX, materialInputSchema } from '@acende/shared/schemas/crew';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { MaterialCompany } from '../api/get-material-companies.ts';
import { useCreateMaterial } from '../api/save-material.ts';

interface Values {
  companyId: string;
  name: string;
  unit: string;
}

const payload = (values: Values) => ({
  companyId: values.companyId === '' ? 0 : Number(values.companyId),
  name: values.name,
  unit: values.unit,
});

export function MaterialAddForm({ companies, companyId }: { companies: MaterialCompany[]; companyId?: number }) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateMaterial();
  const check = payloadResolver<Values>(materialInputSchema, payload);
  const resolver: Resolver<Values> = async (values, context, options) => {
    const result = await check(values, context, options);
    if (values.companyId !== '') return result;
    const required = { type: 'required', message: 'common.validation.company.required' };
    return { values: {}, errors: { ...result.errors, companyId: required } };
  };
  const form = useForm<Values>({
    resolver,
    defaultValues: { companyId: companyId === undefined ? '' : String(companyId), name: '', unit: '' },
  });
  const field = fieldBinder(form, `material${id}`);

  const submit = form.handleSubmit((values) =>
    create.mutate(materialInputSchema.parse(payload(values)), {
      onSuccess: (material) => {
        announceSaved(t('admin-access.materials.added', { name: material.name }));
        form.reset({ companyId: values.companyId, name: '', unit: values.unit });
      },
      onError: (error) => {
        if (applyServerErrors(error, form.setError, ['companyId', 'name', 'unit']).length > 0) return;
        toast({
          title: t('admin-access.materials.addError'),
          description: errorMessage(error, t('common.errors.generic')),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('admin-access.materials.add')}
      className="grid gap-3 rounded-theme border border-gray-300 bg-white p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,0.6fr)_auto] md:items-start"
    >
      <SelectField
        label={t('admin-access.materials.company')}
        required
        empty={t('admin-access.materials.chooseCompany')}
        choices={companies.filter((c) => c.active).map((company) => ({ value: company.id, label: company.name }))}
        {...field('companyId')}
      />
      <TextField label={t('admin-access.materials.name')} required maxLength={MATERIAL_NAME_MAX} {...field('name')} />
      <TextField
        label={t('admin-access.materials.unit')}
        hint={t('admin-access.materials.unitHint')}
        required
        maxLength={20}
        {...field('unit')}
      />
      <SubmitButton className="md:mt-7" pending={create.isPending} pendingLabel={t('admin-access.materials.adding')}>
        {t('admin-access.materials.add')}
      </SubmitButton>
    </form>
  );
}
