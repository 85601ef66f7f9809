// Sends a form guarded by the robot check: the check's answer goes with the values, a
// refusal shows as a toast, and when the server asks for the check (it was off when the
// page loaded, say) the check is fetched again so it appears.
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { publicSiteQueries } from '../../lib/query-keys/public-site.ts';
import { toast } from '../ui/toast.tsx';
import { useCaptchaGate } from './use-captcha-gate.ts';

interface CaptchaMutation<V> {
  mutate: (body: V & { captchaToken?: string }, options: { onError: (error: unknown) => void }) => void;
  /** When the last call started: a new one starts a fresh check. */
  submittedAt: number;
}

/**
 * `submit` sends the values (once a check still solving itself has ended: `checking` says
 * the submit is waiting for it); spread `captcha` on the form's <Captcha />.
 */
export function useCaptchaSubmit<V>(mutation: CaptchaMutation<V>, failure: { title: string; fallback: string }) {
  const queryClient = useQueryClient();
  const gate = useCaptchaGate();
  const send = (values: V, captchaToken: string | undefined) =>
    mutation.mutate(
      { ...values, captchaToken },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors?.captchaToken) {
            void queryClient.invalidateQueries({ queryKey: publicSiteQueries.captcha().queryKey });
          }
          toast({ title: failure.title, description: errorMessage(error, failure.fallback), variant: 'destructive' });
        },
      },
    );
  const submit = (values: V) => gate.whenReady((token) => send(values, token));
  return { submit, checking: gate.waiting, captcha: { ...gate.captcha, resetKey: mutation.submittedAt } };
}
