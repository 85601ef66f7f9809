// Labels for every pole of one company: choose the company (and whether inactive poles get
// one too), then one PDF of all of them. Two plain controls, so plain state, not a form library.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField } from '../../../components/ui/field.tsx';
import type { LabelCompany } from '../api/get-label-companies.ts';
import { usePrintPoleLabels } from '../api/print-labels.ts';
import { LabelsOutcome } from './labels-outcome.tsx';

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
  const [companyId, setCompanyId] = useState(String(defaultCompanyId ?? only ?? ''));
  const [includeInactive, setIncludeInactive] = useState(false);
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!companyId) {
      setMissing(true);
      document.getElementById(`${id}-company`)?.focus();
      return;
    }
    printer.mutate({ companyId: Number(companyId), includeInactive });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-describedby={`${id}-outcome`}>
      <SelectField
        id={`${id}-company`}
        label={t('poles.labels.company')}
        required
        empty={t('poles.labels.chooseCompany')}
        choices={companies.map((c) => ({ value: c.id, label: c.name }))}
        value={companyId}
        error={missing && !companyId ? t('poles.labels.companyRequired') : undefined}
        onChange={(event) => {
          setCompanyId(event.target.value);
          setMissing(false);
        }}
      />
      <CheckboxField
        id={`${id}-inactive`}
        label={t('poles.labels.includeInactive')}
        hint={t('poles.labels.includeInactiveHint')}
        checked={includeInactive}
        onChange={(event) => setIncludeInactive(event.target.checked)}
      />
      <SubmitButton
        pending={printer.isPending}
        pendingLabel={t('poles.labels.preparing')}
        className="justify-self-start"
      >
        {t('poles.labels.printCompany')}
      </SubmitButton>
      <LabelsOutcome id={`${id}-outcome`} printer={printer} />
    </form>
  );
}
