// Step 4: the request number and tracking link with copy buttons, the details sent,
// and a way to start again. It promises an e-mail only when the server queued one.
import { COPY_CONFIRMATION_MS, trackingUrl } from '@acende/shared/constants';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { useEffect, useRef, useState } from 'react';
import { PushOptIn } from '../../../components/push/push-opt-in.tsx';
import { RepairDate } from '../../../components/requests/repair-date.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon, CopyIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { WizardResult } from '../lib/wizard-state.ts';
import { PhotoUploads } from './photo-uploads.tsx';
import '../lib/pole-catalogue.ts';

function useCopy(errorKey: MessageKey) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
      toast({ title: t('public.toast.copy.success'), variant: 'success' });
    } catch {
      toast({ title: t('public.toast.copy.errorTitle'), description: t(errorKey), variant: 'destructive' });
    }
  };
  return { copied, copy };
}

export function SuccessScreen({ result, onNewRequest }: { result: WizardResult; onNewRequest: () => void }) {
  const { t } = useTranslation();
  const link = trackingUrl(window.location.origin, result.id, result.trackingToken);
  const idCopy = useCopy('public.toast.copy.idError');
  const linkCopy = useCopy('public.toast.copy.linkError');
  const { input } = result;
  const trackPath = link.slice(window.location.origin.length);

  return (
    <div className="grid gap-6">
      <p className="flex items-center gap-2 text-lg font-semibold text-green-900">
        <CheckIcon />
        {t('public.success.title')}
      </p>
      <div className="grid gap-3 rounded-theme border border-green-700 bg-green-50 p-4">
        <p className="text-sm font-medium text-green-900">{t('public.success.requestId')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <span data-testid="request-id" className="font-mono text-3xl font-bold text-green-950">
            {result.id}
          </span>
          <Button variant="secondary" size="sm" onClick={() => void idCopy.copy(String(result.id))}>
            {idCopy.copied ? <CheckIcon /> : <CopyIcon />}
            {t('public.success.copyId')}
          </Button>
        </div>
        <p className="text-sm font-medium text-green-900">{t('public.success.trackingLink')}</p>
        <a href={trackPath} className="break-all text-blue-800 underline" data-testid="tracking-link">
          {link}
        </a>
        <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => void linkCopy.copy(link)}>
          {linkCopy.copied ? <CheckIcon /> : <CopyIcon />}
          {t('public.success.copyLink')}
        </Button>
      </div>

      <RepairDate request={{ status: 'open', dueAt: result.dueAt }} />

      <PhotoUploads requestId={result.id} trackingToken={result.trackingToken} photos={result.photos ?? []} />

      <section aria-labelledby="success-details" className="grid gap-3">
        <h3 id="success-details" className="font-heading text-lg font-semibold">
          {t('public.success.details')}
        </h3>
        <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
          <dt className="font-medium text-gray-700">{t('public.success.name')}</dt>
          <dd>{input.name || t('public.success.notProvided')}</dd>
          <dt className="font-medium text-gray-700">{t('public.success.phone')}</dt>
          <dd>{input.phone}</dd>
          {input.email ? (
            <>
              <dt className="font-medium text-gray-700">{t('public.success.email')}</dt>
              <dd>{input.email}</dd>
            </>
          ) : null}
          <dt className="font-medium text-gray-700">{t('public.success.address')}</dt>
          <dd className="break-words">{input.address}</dd>
          {result.poleNumber ? (
            <>
              <dt className="font-medium text-gray-700">{t('public-poles.pole.number')}</dt>
              <dd data-testid="success-pole">{result.poleNumber}</dd>
            </>
          ) : null}
          {input.reference ? (
            <>
              <dt className="font-medium text-gray-700">{t('public.success.reference')}</dt>
              <dd className="break-words">{input.reference}</dd>
            </>
          ) : null}
          <dt className="font-medium text-gray-700">{t('public.success.problemType')}</dt>
          <dd>{t(`common.problemType.${input.problemType}`)}</dd>
          <dt className="font-medium text-gray-700">{t('public.success.company')}</dt>
          <dd>{result.companyName}</dd>
        </dl>
      </section>

      <p data-testid="email-notice" className="rounded-theme border border-blue-300 bg-blue-50 p-3 text-blue-950">
        {result.emailQueued && input.email
          ? t('public.success.emailNotice', { email: input.email })
          : input.email
            ? t('public.success.noEmailSending')
            : t('public.success.noEmailGiven')}
      </p>
      {input.notifyWhatsapp ? (
        <p data-testid="whatsapp-notice" className="rounded-theme border border-blue-300 bg-blue-50 p-3 text-blue-950">
          {result.whatsappQueued
            ? t('public.success.whatsappNotice', { phone: input.phone })
            : t('public.success.noWhatsappSending')}
        </p>
      ) : null}
      {input.notifySms ? (
        <p data-testid="sms-notice" className="rounded-theme border border-blue-300 bg-blue-50 p-3 text-blue-950">
          {result.smsQueued ? t('public.success.smsNotice', { phone: input.phone }) : t('public.success.noSmsSending')}
        </p>
      ) : null}

      <PushOptIn requestId={result.id} token={result.trackingToken} />

      <Button onClick={onNewRequest} className="w-full">
        {t('public.success.newRequest')}
      </Button>
    </div>
  );
}
