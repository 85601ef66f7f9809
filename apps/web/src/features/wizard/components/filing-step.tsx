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
import { useCompanyChange } from './company-change.tsx';
import { CompanyStep, companyRadioId } from './company-step.tsx';
import { OpenRequestWarning } from './pole-notices.tsx';

export interface FilingStepProps {
  data: WizardData;
  update: (patch: Partial<WizardData>) => void;
  complete: (done: WizardResult) => void;
  onCompany: (id: string, name: string) => void;
  onBack: () => void;
  /** Whether the error summary shows (the page's title says "Erro: " meanwhile). */
  onErrors?: (shown: boolean) => void;
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
  // The server refused what was sent (400, 422): the step's error summary says why; counted,
  // so each refusal moves the focus there.
  const [refused, setRefused] = useState<ApiError | null>(null);
  const [refusals, setRefusals] = useState(0);

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
            if (error.status === 400 || error.status === 422) {
              setRefused(error);
              setRefusals((count) => count + 1);
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
    setRefused(null);
    // The draft already holds everything; the request goes when the browser is back online.
    if (!navigator.onLine) setWaiting(true);
    else gate.whenReady(send);
  };

  return {
    refused,
    refusals,
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

/**
 * A refusal's errors for the summary: each field's, linked to its control where it is on the
 * step (`targets`: field → control id); the answer's message when it names no field.
 */
export function refusalErrors(error: ApiError | null, targets: Record<string, string>, fallback: string) {
  if (!error) return [];
  const fields = Object.entries(error.fieldErrors ?? {});
  if (fields.length === 0) return [{ message: error.serverMessage ?? fallback }];
  return fields.map(([field, message]) => {
    const target = targets[field];
    return target ? { message, target } : { message };
  });
}

export function FilingStep({ data, update, complete, onCompany, onBack, onErrors }: FilingStepProps) {
  const { t } = useTranslation();
  const filing = useFileRequest(data, update, complete);
  // The pole belongs to its company: another company is asked about first (company-change.tsx).
  const change = useCompanyChange(data.pole, onCompany, () => update({ pole: null }));

  return (
    <div className="grid gap-5">
      <OpenRequestWarning pole={data.pole} />
      {filing.notice}
      <p role="status" className={change.note ? 'rounded-md border border-blue-300 bg-blue-50 p-3' : 'sr-only'}>
        {change.note}
      </p>
      <CompanyStep
        company={data.company}
        submitting={filing.submitting}
        checking={filing.checking}
        onCompany={change.choose}
        onBack={onBack}
        onSubmit={filing.submit}
        captcha={filing.captcha}
        refused={refusalErrors(
          filing.refused,
          { company: companyRadioId(data.company) },
          t('public.toast.submit.error'),
        )}
        refusals={filing.refusals}
        onErrors={onErrors}
      />
      {change.dialog}
    </div>
  );
}
