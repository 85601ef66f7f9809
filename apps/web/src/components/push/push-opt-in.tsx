// "Receber avisos neste aparelho" (decision 0063), on the success screen and on the tracking
// page opened with its token: subscribes this browser to the request's status notices. Shown
// only while the service offers them, in a browser that can take them, with the tracking token
// (the API asks for it). The notices come in the language the page is in when it is pressed.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiRequest, errorMessage } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { pushQueries } from '../../lib/query-keys/push.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { PushDeniedError, pushSupported, subscribeThisBrowser } from '../../lib/web-push.ts';
import { Button } from '../ui/button.tsx';
import { toast } from '../ui/toast.tsx';
import '../../lib/push-catalogue.ts';

type Outcome = 'done' | 'denied' | 'error' | 'stopped';

const subscriptionsPath = (requestId: number, token: string) =>
  `/api/repair-requests/${requestId}/push-subscriptions?t=${encodeURIComponent(token)}`;

export function PushOptIn({ requestId, token }: { requestId: number; token: string | null }) {
  const supported = pushSupported();
  const key = useQuery({ ...pushQueries.publicKey(), enabled: supported && Boolean(token) });
  if (!token || !supported || !key.data?.enabled) return null;
  return <OptIn requestId={requestId} token={token} publicKey={key.data.publicKey} />;
}

function OptIn({ requestId, token, publicKey }: { requestId: number; token: string; publicKey: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>();
  const [endpoint, setEndpoint] = useState<string>();
  const [serverMessage, setServerMessage] = useState<string>();
  const subscribe = useMutation({
    mutationFn: async () => {
      const subscription = await subscribeThisBrowser(publicKey);
      await apiRequest('POST', subscriptionsPath(requestId, token), { ...subscription, language: currentLanguage() });
      return subscription.endpoint;
    },
    onSuccess: (subscribed) => {
      setEndpoint(subscribed);
      setOutcome('done');
    },
    onError: (error) => {
      setServerMessage(error instanceof ApiError ? error.serverMessage : undefined);
      setOutcome(error instanceof PushDeniedError ? 'denied' : 'error');
    },
  });
  const stop = useMutation({
    mutationFn: () => apiRequest('DELETE', subscriptionsPath(requestId, token), { endpoint }),
    onSuccess: () => setOutcome('stopped'),
    // Still subscribed: said at once, the stop button stays to try again.
    onError: (error) =>
      toast({
        title: errorMessage(error, t('public-push.optIn.stopFailed')),
        variant: 'destructive',
      }),
  });
  const start = () => {
    setOutcome(undefined);
    setServerMessage(undefined);
    subscribe.mutate();
  };

  return (
    <section aria-labelledby="push-opt-in-title" data-testid="push-opt-in" className="grid gap-3">
      <h3 id="push-opt-in-title" className="font-heading text-lg font-semibold">
        {t('public-push.optIn.title')}
      </h3>
      <p>{t('public-push.optIn.intro')}</p>
      <p role="status" aria-live="polite" className={outcome === 'done' ? 'font-medium text-green-900' : undefined}>
        {subscribe.isPending
          ? t('public-push.optIn.working')
          : outcome === 'done'
            ? t('public-push.optIn.done')
            : outcome === 'stopped'
              ? t('public-push.optIn.stopped')
              : ''}
      </p>
      {outcome === 'denied' || outcome === 'error' ? (
        <p role="alert" className="rounded-theme border border-red-700 bg-red-50 p-3 text-red-900">
          {outcome === 'denied' ? t('public-push.optIn.denied') : (serverMessage ?? t('public-push.optIn.error'))}
        </p>
      ) : null}
      {outcome === 'done' ? (
        <Button
          variant="secondary"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={stop.isPending}
          onClick={() => stop.mutate()}
        >
          {t('public-push.optIn.stop')}
        </Button>
      ) : (
        <Button
          variant={outcome === 'denied' || outcome === 'error' ? 'secondary' : 'primary'}
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={subscribe.isPending}
          onClick={start}
        >
          {outcome === 'denied' || outcome === 'error' ? t('public-push.optIn.retry') : t('public-push.optIn.button')}
        </Button>
      )}
    </section>
  );
}
