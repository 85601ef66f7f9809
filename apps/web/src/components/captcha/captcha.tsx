// <Captcha>: the robot check before a form's submit button. It renders nothing when
// /api/captcha says captcha is off; otherwise it loads the widget code (ALTCHA or the
// chosen provider) lazily, so none of it weighs on the public first load.
import { lazy, Suspense } from 'react';
import { useCaptchaConfig } from './get-captcha.ts';

const CaptchaWidget = lazy(() => import('./captcha-widget.tsx'));

export interface CaptchaProps {
  /** The solution to send as captchaToken, or undefined while there is none. */
  onChange: (token: string | undefined) => void;
  /** Whether a self-solving check (ALTCHA) is loading or running: a submit should wait. */
  onChecking?: (checking: boolean) => void;
  /** Change it (e.g. a mutation's submittedAt) to start a fresh check: a solution is accepted once. */
  resetKey?: unknown;
  className?: string;
}

export function Captcha(props: CaptchaProps) {
  const config = useCaptchaConfig();
  // Off, or not known yet: nothing to show and nothing to block (the server has the last word).
  if (!config.data?.enabled) return null;
  return (
    <Suspense fallback={<div className="min-h-16" aria-hidden="true" />}>
      <CaptchaWidget {...props} provider={config.data.provider} siteKey={config.data.siteKey} />
    </Suspense>
  );
}
