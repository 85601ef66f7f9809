// The form that adds a crew: the company (those the account may act for) and the name,
// checked with the API's schema; "name taken" (409) shows under the name.
import { CREW_NAME_MAX, crewInputSchema } from '@acende/shared/schemas/work-orders';
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
import { useCreateCrew } from '../api/create-crew.ts';
import { useCrewCompanies } from '../api/get-crew-companies.ts';

interface Values {
  companyId: string;
  name: string;
}

const payload = (values: Values) => ({
  companyId: values.companyId === '' ? 0 : Number(values.companyId),
  name: values.name,
});

export function CrewAddForm() {
  const { t } = useTranslation();
  const id = useId();
  const companies = useCrewCompanies();
  const create = useCreateCrew();
  const check = payloadResolver<Values>(crewInputSchema, payload);
  const resolver: Resolver<Values> = async (values, context, options) => {
    const result = await check(values, context, options);
    if (values.companyId !== '') return result;
    const companyId = { type: 'required', message: 'common.validation.company.required' };
    return { values: {}, errors: { ...result.errors, companyId } };
  };
  const form = useForm<Values>({ resolver, defaultValues: { companyId: '', name: '' } });
  const field = fieldBinder(form, `crew${id}`);
  const choices = companies.data ?? [];

  const submit = form.handleSubmit((values) =>
    create.mutate(crewInputSchema.parse(payload(values)), {
      onSuccess: (crew) => {
        announceSaved(t('admin-work.page.crews.added', { name: crew.name }));
        form.reset({ companyId: values.companyId, name: '' });
      },
      onError: (error) => {
        if (applyServerErrors(error, form.setError, ['companyId', 'name']).length > 0) return;
        toast({
          title: t('admin-work.page.crews.changeError'),
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
      aria-label={t('admin-work.page.crews.add')}
      className="grid gap-3 rounded-theme border border-gray-300 bg-white p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
    >
      <SelectField
        label={t('admin-work.page.crews.company')}
        required
        empty={t('admin-work.page.crews.companyChoose')}
        choices={choices.map((company) => ({ value: company.id, label: company.name }))}
        {...field('companyId')}
        error={field('companyId').error ?? (companies.isError ? t('admin-work.page.crews.companiesError') : undefined)}
      />
      <TextField label={t('admin-work.page.crews.name')} required maxLength={CREW_NAME_MAX} {...field('name')} />
      <SubmitButton className="sm:mt-7" pending={create.isPending} pendingLabel={t('admin-work.page.crews.adding')}>
        {t('admin-work.page.crews.add')}
      </SubmitButton>
    </form>
  );
}
