// Step 3 with what sends the request: the company choice, the robot check and the filing
// call. It travels in the later steps' chunk, so the first load of `/` carries none of it.
// useFileRequest is the filing itself, which the pole page's last step uses too.
import { useCallback, useEffect, useState } from 'react';
import { Captcha } from '../../../components/captcha/captcha.tsx';
import { useCaptchaGate } from '../../../components/captcha/use-captcha-gate.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateRepairRequest } from '../api/create-repair-request.ts';
import '../lib/drafts-catalogue.ts';
import { useOnline } from '../lib/online.ts';
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
  const online = useOnline();
  // Offline at submit (or the call failed while offline): sent when the connection comes back.
  const [waiting, setWaiting] = useState(false);
  // The call failed with no answer while "online": a retry reuses the Idempotency-Key.
  const [networkFailed, setNetworkFailed] = useState(false);

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
          onError: (error) => {
            // No answer at all (offline, a dropped connection): everything is kept, the key too,
            // so the retry gets the same request if the server had filed it (decision 0035).
            if (!(error instanceof ApiError)) {
              if (navigator.onLine) setNetworkFailed(true);
              else setWaiting(true);
              return;
            }
            toast({
              title: t('public.toast.submit.error'),
              description: errorMessage(error, error.message),
              variant: 'destructive',
            });
          },
        },
      );
    },
    [data, update, create, complete, t],
  );

  useEffect(() => {
    if (online && waiting) {
      setWaiting(false);
      gate.whenReady(send);
    }
  }, [online, waiting, gate, send]);

  const submit = () => {
    setNetworkFailed(false);
    // The draft already holds everything; the request goes when the browser is back online.
    if (!navigator.onLine) setWaiting(true);
    else gate.whenReady(send);
  };

  return {
    submitting: create.isPending,
    checking: gate.waiting,
    waiting,
    // A robot check still solving itself is waited for, then the request goes.
    submit,
    captcha: <Captcha {...gate.captcha} resetKey={create.submittedAt} />,
    notice:
      waiting || networkFailed ? (
        <div role="alert" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p>{waiting ? t('public-drafts.wizard.offlineWaiting') : t('public-drafts.wizard.networkFailed')}</p>
          {networkFailed ? (
            <Button variant="secondary" className="justify-self-start" onClick={submit} disabled={create.isPending}>
              {t('public-drafts.wizard.retry')}
            </Button>
          ) : null}
        </div>
      ) : null,
  };
}

export function FilingStep({ data, update, complete, onCompany, onBack }: FilingStepProps) {
  const { t } = useTranslation();
  const filing = useFileRequest(data, update, complete);

  return (
    <div className="grid gap-5">
      <OpenRequestWarning pole={data.pole} />
      {filing.notice}
      <CompanyStep
        company={data.company}
        submitting={filing.submitting}
        checking={filing.checking}
        onCompany={(id, name) => {
          // The pole belongs to its company: another company's request is about no pole.
          if (data.pole && String(data.pole.companyId) !== id) {
            update({ pole: null });
            toast({ title: t('public-poles.pole.selected.otherCompany') });
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
