// Sends a form guarded by the robot check: the check's answer goes with the values, a
// refusal shows as a toast, and when the server asks for the check (it was off when the
// page loaded, say) the check is fetched again so it appears.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { toast } from '../ui/toast.tsx';
import { CAPTCHA_QUERY_KEY } from './get-captcha.ts';

interface CaptchaMutation<V> {
  mutate: (body: V & { captchaToken?: string }, options: { onError: (error: unknown) => void }) => void;
  /** When the last call started: a new one starts a fresh check. */
  submittedAt: number;
}

/** `submit` sends the values; spread `captcha` on the form's <Captcha />. */
export function useCaptchaSubmit<V>(mutation: CaptchaMutation<V>, failure: { title: string; fallback: string }) {
  const queryClient = useQueryClient();
  const [captchaToken, setCaptchaToken] = useState<string | undefined>(undefined);
  const submit = (values: V) =>
    mutation.mutate(
      { ...values, captchaToken },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors?.captchaToken) {
            void queryClient.invalidateQueries({ queryKey: CAPTCHA_QUERY_KEY });
          }
          toast({ title: failure.title, description: errorMessage(error, failure.fallback), variant: 'destructive' });
        },
      },
    );
  return { submit, captcha: { onChange: setCaptchaToken, resetKey: mutation.submittedAt } };
}
