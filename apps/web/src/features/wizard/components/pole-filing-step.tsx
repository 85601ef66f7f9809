// The pole page's second and last step (issue 21): the pole, its company and place already
// chosen from the label's address; the citizen confirms them, picks the problem (a reference
// if they like) and sends. A way out goes to the ordinary wizard for another place.
import { PROBLEM_TYPES } from '@acende/shared/enums';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { WizardData, WizardResult } from '../lib/wizard-state.ts';
import { useFileRequest } from './filing-step.tsx';
import { OpenRequestWarning, SelectedPole } from './pole-notices.tsx';

export interface PoleFilingStepProps {
  data: WizardData;
  update: (patch: Partial<WizardData>) => void;
  complete: (done: WizardResult) => void;
  onBack: () => void;
  /** Not this pole: the ordinary wizard, at its location step. */
  onElsewhere: () => void;
}

export function PoleFilingStep({ data, update, complete, onBack, onElsewhere }: PoleFilingStepProps) {
  const { t } = useTranslation();
  const filing = useFileRequest(data, update, complete);
  const [problemError, setProblemError] = useState<string | undefined>(undefined);
  const problemRef = useRef<HTMLSelectElement>(null);
  const statusId = useId();
  const { pole } = data;
  const busy = filing.submitting || filing.checking;

  const submit = () => {
    if (!data.problemType) {
      setProblemError('common.validation.problemType.required');
      problemRef.current?.focus();
      return;
    }
    filing.submit();
  };

  return (
    <div className="grid gap-5">
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
        ref={problemRef}
        id="pole-problem-type"
        label={t('public.location.problemType')}
        required
        value={data.problemType}
        error={problemError}
        onChange={(event) => {
          setProblemError(undefined);
          update({ problemType: event.target.value as WizardData['problemType'] });
        }}
        empty={t('public.location.problemTypePlaceholder')}
        choices={PROBLEM_TYPES.map((type) => ({ value: type, label: t(`common.problemType.${type}`) }))}
      />
      <TextAreaField
        id="pole-reference"
        label={t('public.location.reference')}
        rows={2}
        maxLength={500}
        placeholder={t('public.location.referencePlaceholder')}
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
