// Step 3 with what sends the request: the company choice, the robot check and the filing
// call. It travels in the later steps' chunk, so the first load of `/` carries none of it.
// useFileRequest is the filing itself, which the pole page's last step uses too.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Captcha } from '../../../components/captcha/captcha.tsx';
import { useCaptchaGate } from '../../../components/captcha/use-captcha-gate.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateRepairRequest } from '../api/create-repair-request.ts';
import { submissionKey, toCreateInput, type WizardData, type WizardResult } from '../lib/wizard-state.ts';
import { CompanyStep } from './company-step.tsx';
import { OpenRequestWarning } from './pole-notices.tsx';

export interface FilingStepProps {
  data: WizardData;
  update: (patch: Partial<WizardData>) => void;
  complete: (done: WizardResult) => void;
  onCompany: (id: string, name: string) => void;
  onBack: () => void;
}

/** Files the wizard's data (the same Idempotency-Key for a plain retry), behind the robot check. */
export function useFileRequest(
  data: WizardData,
  update: (patch: Partial<WizardData>) => void,
  complete: (done: WizardResult) => void,
) {
  const { t } = useTranslation();
  const create = useCreateRepairRequest();
  const gate = useCaptchaGate();

  const send = useCallback(
    (captchaToken: string | undefined) => {
      const input = toCreateInput(data);
      const submission = submissionKey(data.submission, input);
      update({ submission });
      create.mutate(
        { input: { ...input, captchaToken }, idempotencyKey: submission.key },
        {
          onSuccess: (created) =>
            complete({ ...created, input, poleNumber: data.pole?.number ?? null, photos: data.photos ?? [] }),
          onError: (error) =>
            toast({
              title: t('toast.submit.error'),
              description: errorMessage(error, error.message),
              variant: 'destructive',
            }),
        },
      );
    },
    [data, update, create, complete, t],
  );

  return {
    submitting: create.isPending,
    checking: gate.waiting,
    // A robot check still solving itself is waited for, then the request goes.
    submit: () => gate.whenReady(send),
    captcha: <Captcha {...gate.captcha} resetKey={create.submittedAt} />,
  };
}

export function FilingStep({ data, update, complete, onCompany, onBack }: FilingStepProps) {
  const { t } = useTranslation();
  const filing = useFileRequest(data, update, complete);

  return (
    <div className="grid gap-5">
      <OpenRequestWarning pole={data.pole} />
      <CompanyStep
        company={data.company}
        submitting={filing.submitting}
        checking={filing.checking}
        onCompany={(id, name) => {
          // The pole belongs to its company: another company's request is about no pole.
          if (data.pole && String(data.pole.companyId) !== id) {
            update({ pole: null });
            toast({ title: t('pole.selected.otherCompany') });
          }
          onCompany(id, name);
        }}
        onBack={onBack}
        onSubmit={filing.submit}
        captcha={filing.captcha}
      />
    </div>
  );
}
