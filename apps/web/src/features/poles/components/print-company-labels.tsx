// Labels for every pole of one company: choose the company (and whether inactive poles get
// one too), then one PDF of all of them. Checked with the route's schema when sent; no company
// chosen says so under the field and takes the focus, and choosing one clears it.
import { type PoleLabelsRequest, poleLabelsRequestSchema } from '@acende/shared/schemas/pole-labels';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { messageKey } from '../../../lib/i18n-types.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePrintPoleLabels } from '../api/print-labels.ts';
import type { LabelCompany } from '../api/query-keys.ts';
import { LabelsOutcome } from './labels-outcome.tsx';

interface CompanyLabels {
  company: string;
  inactive: boolean;
}

const toBody = ({ company, inactive }: CompanyLabels): PoleLabelsRequest => ({
  companyId: Number(company),
  includeInactive: inactive,
});

const check = payloadResolver<CompanyLabels>(poleLabelsRequestSchema, toBody, () => 'company');

/** The route's check, but for a company not chosen yet: the screen's own key says so first. */
const resolver: Resolver<CompanyLabels> = async (values, context, options) =>
  values.company === ''
    ? { values: {}, errors: { company: { type: 'required', message: 'admin-poles.poles.labels.companyRequired' } } }
    : check(values, context, options);

export function PrintCompanyLabels({
  companies,
  defaultCompanyId,
}: {
  companies: readonly LabelCompany[];
  /** Chosen at first (the registry list's company filter, say). */
  defaultCompanyId?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const printer = usePrintPoleLabels();
  const only = companies.length === 1 ? companies[0]?.id : undefined;
  const form = useForm<CompanyLabels>({
    resolver,
    defaultValues: { company: String(defaultCompanyId ?? only ?? ''), inactive: false },
  });
  const field = fieldBinder(form, id);
  const company = field('company');

  const onSubmit = form.handleSubmit((values) => printer.mutate(toBody(values)));

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-describedby={`${id}-outcome`}>
      <SelectField
        label={t('admin-poles.poles.labels.company')}
        required
        empty={t('admin-poles.poles.labels.chooseCompany')}
        choices={companies.map((c) => ({ value: c.id, label: c.name }))}
        {...company}
        // Every error here is a catalogue key, read in the screen's language as it is drawn.
        error={company.error ? t(messageKey(company.error)) : undefined}
      />
      <CheckboxField
        label={t('admin-poles.poles.labels.includeInactive')}
        hint={t('admin-poles.poles.labels.includeInactiveHint')}
        {...field('inactive')}
      />
      <SubmitButton
        pending={printer.isPending}
        pendingLabel={t('admin-poles.poles.labels.preparing')}
        className="justify-self-start"
      >
        {t('admin-poles.poles.labels.printCompany')}
      </SubmitButton>
      <LabelsOutcome id={`${id}-outcome`} printer={printer} />
    </form>
  );
}
