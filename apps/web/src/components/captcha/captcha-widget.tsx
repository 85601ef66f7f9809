// The widget itself, in its own chunk: ALTCHA (self-hosted proof of work, solved in Web
// Workers as soon as it appears; keyboard-usable checkbox if it needs a retry) or the
// provider's widget (Turnstile, reCAPTCHA v2, hCaptcha) with its script loaded on demand.

import enCaptcha from '@acende/shared/i18n/en/captcha.json';
import ptCaptcha from '@acende/shared/i18n/pt/captcha.json';
import type { CaptchaProvider } from '@acende/shared/schemas/captcha';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { addCatalogue } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { Button } from '../ui/button.tsx';
import type { CaptchaProps } from './captcha.tsx';

addCatalogue('pt', 'captcha', ptCaptcha);
addCatalogue('en', 'captcha', enCaptcha);

interface WidgetProps extends CaptchaProps {
  provider: CaptchaProvider;
  siteKey: string | null;
}

let altchaLoaded: Promise<unknown> | null = null;
function loadAltcha() {
  altchaLoaded ??= import('altcha').then(() => {
    const registry = (globalThis as unknown as { $altcha: { i18n: { set(k: string, v: unknown): void } } }).$altcha;
    registry.i18n.set('pt', ptCaptcha.captcha.altcha);
    registry.i18n.set('en', enCaptcha.captcha.altcha);
  });
  return altchaLoaded;
}

const scripts = new Map<string, Promise<void>>();
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`could not load ${src}`));
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

interface ProviderApi {
  render(element: HTMLElement, options: Record<string, unknown>): unknown;
  reset?(id?: unknown): void;
  remove?(id?: unknown): void;
}

const PROVIDERS: Record<Exclude<CaptchaProvider, 'altcha'>, { script: (lang: string) => string; global: string }> = {
  turnstile: {
    script: () => 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
  recaptcha: {
    script: (lang) => `https://www.google.com/recaptcha/api.js?render=explicit&hl=${lang === 'en' ? 'en' : 'pt-BR'}`,
    global: 'grecaptcha',
  },
  hcaptcha: {
    script: (lang) => `https://js.hcaptcha.com/1/api.js?render=explicit&hl=${lang === 'en' ? 'en' : 'pt'}`,
    global: 'hcaptcha',
  },
};

async function providerApi(name: string): Promise<ProviderApi> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const api = (window as unknown as Record<string, ProviderApi | undefined>)[name];
    if (api?.render) return api;
    if (Date.now() > deadline) throw new Error(`${name} did not load`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export default function CaptchaWidget({ provider, siteKey, onChange, onChecking, resetKey, className }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [verified, setVerified] = useState(false);
  const language = i18n.language === 'en' ? 'en' : 'pt';
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onCheckingRef = useRef(onChecking);
  onCheckingRef.current = onChecking;

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey and attempt start a fresh check on purpose
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let cancelled = false;
    const report = (token: string | undefined) => {
      if (cancelled) return;
      setVerified(Boolean(token));
      onChangeRef.current(token);
    };
    const checking = (running: boolean) => {
      if (!cancelled) onCheckingRef.current?.(running);
    };
    report(undefined);
    setFailed(false);
    // ALTCHA solves itself from the moment it loads: until it ends, a submit waits for it.
    checking(provider === 'altcha');
    let cleanup = () => {};

    if (provider === 'altcha') {
      loadAltcha()
        .then(() => {
          if (cancelled) return;
          // Attributes, not configure(): the element's methods exist only after it loads.
          const widget = document.createElement('altcha-widget');
          widget.setAttribute('challenge', '/api/captcha/challenge');
          widget.setAttribute('auto', 'onload');
          widget.setAttribute('language', language);
          widget.setAttribute('name', 'captchaToken');
          const onState = (event: Event) => {
            const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
            report(detail.state === 'verified' ? detail.payload : undefined);
            // 'unverified' comes first, before the automatic check starts: still waiting then.
            if (detail.state === 'verifying') checking(true);
            else if (detail.state !== 'unverified') checking(false);
          };
          widget.addEventListener('statechange', onState);
          cleanup = () => widget.removeEventListener('statechange', onState);
          container.replaceChildren(widget);
        })
        .catch(() => {
          checking(false);
          if (!cancelled) setFailed(true);
        });
    } else if (siteKey) {
      const spec = PROVIDERS[provider];
      loadScript(spec.script(language))
        .then(() => providerApi(spec.global))
        .then((api) => {
          if (cancelled) return;
          const target = document.createElement('div');
          container.replaceChildren(target);
          const widgetId = api.render(target, {
            sitekey: siteKey,
            callback: (token: string) => report(token),
            'expired-callback': () => report(undefined),
            'error-callback': () => report(undefined),
            language,
          });
          cleanup = () => api.remove?.(widgetId);
        })
        .catch(() => !cancelled && setFailed(true));
    }
    return () => {
      checking(false);
      cancelled = true;
      cleanup();
      container.replaceChildren();
    };
  }, [provider, siteKey, language, resetKey, attempt]);

  return (
    <fieldset aria-describedby={`${id}-hint`} className={cn('grid min-w-0 gap-1', className)}>
      <legend className="font-medium">{t('captcha.captcha.label')}</legend>
      <p id={`${id}-hint`} className="text-sm text-gray-700">
        {t('captcha.captcha.hint')}
      </p>
      <div ref={host} data-testid="captcha" data-verified={verified ? 'true' : 'false'} className="min-h-16" />
      {failed ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-sm text-red-700">{t('captcha.captcha.loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {t('captcha.captcha.retry')}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
