// The pole page's second and last step (issue 21): the pole, its company and place already
// chosen from the label's address; the citizen confirms them, picks the problem (a reference
// if they like) and sends. A way out goes to the ordinary wizard for another place.
import { PROBLEM_TYPES } from '@acende/shared/enums';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useStepCheck } from '../hooks/use-step-check.ts';
import type { WizardData, WizardResult } from '../lib/wizard-state.ts';
import { refusalErrors, useFileRequest } from './filing-step.tsx';
import { OpenRequestWarning, SelectedPole } from './pole-notices.tsx';
import { StepErrors } from './step-errors.tsx';

const PROBLEM_ID = 'pole-problem-type';
const REFERENCE_ID = 'pole-reference';

export interface PoleFilingStepProps {
  data: WizardData;
  update: (patch: Partial<WizardData>) => void;
  complete: (done: WizardResult) => void;
  onBack: () => void;
  /** Not this pole: the ordinary wizard, at its location step. */
  onElsewhere: () => void;
  /** Whether the error summary shows (the page's title says "Erro: " meanwhile). */
  onErrors?: (shown: boolean) => void;
}

export function PoleFilingStep(props: PoleFilingStepProps) {
  const { data, update, complete, onBack, onElsewhere, onErrors } = props;
  const { t } = useTranslation();
  const filing = useFileRequest(data, update, complete);
  const check = useStepCheck(() =>
    data.problemType ? [] : [{ message: 'common.validation.problemType.required', target: PROBLEM_ID }],
  );
  const refused = refusalErrors(
    filing.refused,
    { problemType: PROBLEM_ID, reference: REFERENCE_ID },
    t('public.toast.submit.error'),
  );
  const errors = [...check.errors, ...refused];
  const statusId = useId();
  const { pole } = data;
  const busy = filing.submitting || filing.checking;

  const submit = () => {
    if (check.passes()) filing.submit();
  };

  return (
    <div className="grid gap-5">
      <StepErrors errors={errors} attempt={check.attempt + filing.refusals} onShown={onErrors} />
      <p>{t('public-poles.pole.page.confirmIntro')}</p>
      {pole ? <SelectedPole pole={pole} /> : null}
      <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="font-medium text-gray-700">{t('public.summary.location')}</dt>
        <dd data-testid="pole-address" className="break-words">
          {data.location.address}
        </dd>
        <dt className="font-medium text-gray-700">{t('public.summary.company')}</dt>
        <dd>{pole?.companyName}</dd>
      </dl>
      <Button variant="link" className="justify-self-start" onClick={onElsewhere} disabled={busy}>
        {t('public-poles.pole.page.elsewhere')}
      </Button>
      <OpenRequestWarning pole={pole} />

      <SelectField
        id={PROBLEM_ID}
        label={t('public.location.problemType')}
        required
        value={data.problemType}
        error={errors.find((error) => error.target === PROBLEM_ID)?.message}
        onChange={(event) => update({ problemType: event.target.value as WizardData['problemType'] })}
        empty={t('public.location.problemTypePlaceholder')}
        choices={PROBLEM_TYPES.map((type) => ({ value: type, label: t(`common.problemType.${type}`) }))}
      />
      <TextAreaField
        id={REFERENCE_ID}
        label={t('public.location.reference')}
        optional
        rows={2}
        maxLength={500}
        placeholder={t('public.location.referencePlaceholder')}
        error={errors.find((error) => error.target === REFERENCE_ID)?.message}
        value={data.reference}
        onChange={(event) => update({ reference: event.target.value })}
      />

      {filing.notice}
      {filing.captcha}
      <div className="flex justify-between gap-3">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('public.wizard.back')}
        </Button>
        <Button onClick={submit} disabled={busy} aria-describedby={statusId}>
          {filing.checking
            ? t('captcha.captcha.checking')
            : filing.submitting
              ? t('public.wizard.submitting')
              : t('public.wizard.submit')}
        </Button>
      </div>
      <p id={statusId} role="status" className="sr-only">
        {filing.checking ? t('captcha.captcha.checking') : filing.submitting ? t('public.wizard.submitting') : ''}
      </p>
    </div>
  );
}
