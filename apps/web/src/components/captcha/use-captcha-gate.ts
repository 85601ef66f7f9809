// Holds a form's robot-check answer and lets its submit wait for a check still running:
// ALTCHA solves itself in the background as soon as it shows, so a citizen who presses
// submit before it finishes gets "checking..." and the form goes as soon as it is done,
// instead of a refusal. A check that never finishes lets the submit go after a while (the
// server then says what is missing).
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a submit waits for the check before it goes anyway. */
export const CAPTCHA_WAIT_MS = 30_000;

export function useCaptchaGate() {
  const [token, setToken] = useState<string | undefined>(undefined);
  const [checking, setChecking] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const pending = useRef<((token: string | undefined) => void) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const release = useCallback((answer: string | undefined) => {
    const run = pending.current;
    pending.current = null;
    clearTimeout(timer.current);
    setWaiting(false);
    run?.(answer);
  }, []);

  useEffect(() => {
    if (!checking && pending.current) release(token);
  }, [checking, token, release]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Runs `submit` with the answer now, or once the running check ends. */
  const whenReady = useCallback(
    (submit: (token: string | undefined) => void) => {
      if (!checking) {
        submit(token);
        return;
      }
      pending.current = submit;
      setWaiting(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => release(undefined), CAPTCHA_WAIT_MS);
    },
    [checking, token, release],
  );

  return { token, waiting, whenReady, captcha: { onChange: setToken, onChecking: setChecking } };
}
