// The origins a captcha provider's widget loads from, for the page's CSP. ALTCHA
// needs none: it is served by the app and solves in blob: workers (already allowed).
import type { CaptchaProvider } from '@acende/shared/schemas/captcha';

export function captchaCspSources(provider: CaptchaProvider): Record<string, string[]> {
  switch (provider) {
    case 'turnstile': {
      const origin = ['https://challenges.cloudflare.com'];
      return { 'script-src': origin, 'frame-src': origin, 'connect-src': origin };
    }
    case 'recaptcha':
      return {
        'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
        'connect-src': ['https://www.google.com/recaptcha/'],
      };
    case 'hcaptcha': {
      const origins = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];
      return { 'script-src': origins, 'frame-src': origins, 'style-src': origins, 'connect-src': origins };
    }
    default:
      return {};
  }
}
