// Step 3: one active energy company, then submit. Submit is disabled while the list
// loads or when it is empty; a load failure offers a page reload. Submit without a company,
// or a refusal of the server, puts the error summary at the top.
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CompanyIcon } from '../../../components/ui/company-icon.tsx';
import type { SummaryError } from '../../../components/ui/error-summary.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePublicEnergyCompanies } from '../../../lib/public-energy-companies.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useStepCheck } from '../hooks/use-step-check.ts';
import { StepErrors } from './step-errors.tsx';

/** A company's radio's id, for the error summary's links and for giving it the focus back. */
export const companyRadioId = (id: string) => `company-${id}`;

export interface CompanyStepProps {
  company: string;
  submitting: boolean;
  /** Submit was pressed while the robot check still runs: it goes when the check ends. */
  checking?: boolean;
  onCompany: (id: string, name: string) => void;
  onBack: () => void;
  onSubmit: () => void;
  /** The robot check, shown before the submit button. */
  captcha?: ReactNode;
  /** What the server refused in the last submission, for the error summary. */
  refused?: readonly SummaryError[];
  /** Counts the server's refusals: each moves focus to the summary. */
  refusals?: number;
  /** Whether the error summary shows (the page's title says "Erro: " meanwhile). */
  onErrors?: (shown: boolean) => void;
}

export function CompanyStep(props: CompanyStepProps) {
  const { company, submitting, checking = false, onCompany, onBack, onSubmit, captcha } = props;
  const { refused = [], refusals = 0, onErrors } = props;
  const { t } = useTranslation();
  const statusId = useId();
  const companies = usePublicEnergyCompanies();
  const list = companies.data ?? [];
  const unavailable = companies.isPending || companies.isError || list.length === 0;

  const first = list[0];
  const check = useStepCheck(() =>
    list.some((c) => String(c.id) === company) || !first
      ? []
      : [{ message: t('public.toast.company.required'), target: companyRadioId(String(first.id)) }],
  );
  const submit = () => {
    if (check.passes()) onSubmit();
  };
  const errors = [...check.errors, ...refused];
  // The group's own error, under its legend too (GOV.UK), from the check or the server.
  const groupError = errors.find((error) => error.target?.startsWith('company-'))?.message;

  return (
    <div className="grid gap-5">
      <StepErrors errors={errors} attempt={check.attempt + refusals} onShown={onErrors} />
      {companies.isPending ? (
        <p className="flex items-center gap-2">
          <Spinner />
          <span>{t('public.company.loading')}</span>
        </p>
      ) : companies.isError ? (
        <div role="alert" className="grid gap-3 rounded-theme border border-red-700 bg-red-50 p-4 text-red-900">
          <p>{t('public.company.error.loading')}</p>
          <Button variant="secondary" className="justify-self-start" onClick={() => window.location.reload()}>
            {t('public.company.reload')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p role="status" className="rounded-theme border border-gray-300 bg-gray-50 p-4">
          {t('public.company.empty')}
        </p>
      ) : (
        <fieldset className="grid gap-3" aria-describedby={groupError ? 'company-error' : undefined}>
          <legend className="mb-2 font-medium">{t('public.company.title')}</legend>
          <FieldError id="company-error" error={groupError} />
          {list.map((item) => {
            const id = String(item.id);
            const selected = id === company;
            return (
              <label
                key={item.id}
                className={`flex cursor-pointer items-center gap-3 rounded-theme border p-3 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blue-700 ${selected ? 'border-blue-800 bg-blue-50' : 'border-gray-300 hover:bg-gray-50'}`}
              >
                <input
                  id={companyRadioId(id)}
                  type="radio"
                  name="company"
                  value={id}
                  checked={selected}
                  onChange={() => onCompany(id, item.name)}
                  className="h-4 w-4"
                />
                <CompanyIcon iconClass={item.iconClass} colorClass={item.colorClass} />
                <span className="grid">
                  <span className="font-semibold">{item.name}</span>
                  <span className="text-sm text-gray-700">{item.fullName}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}

      {captcha}
      <div className="flex justify-between gap-3">
        <Button variant="secondary" onClick={onBack} disabled={submitting || checking}>
          {t('public.wizard.back')}
        </Button>
        <Button onClick={submit} disabled={unavailable || submitting || checking} aria-describedby={statusId}>
          {checking
            ? t('captcha.captcha.checking')
            : submitting
              ? t('public.wizard.submitting')
              : t('public.wizard.submit')}
        </Button>
      </div>
      <p id={statusId} role="status" className="sr-only">
        {checking ? t('captcha.captcha.checking') : submitting ? t('public.wizard.submitting') : ''}
      </p>
    </div>
  );
}
