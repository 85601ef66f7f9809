import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM_PATH } from './support/chromium.ts';

const chromium = { executablePath: JOURNEY_CHROMIUM_PATH, args: CHROMIUM_ARGS };

// Which project runs a journey (decision 0041). A journey not named below runs in both: the
// citizen's, the accessibility sweep, and those that assert something different at each
// width. A journey that proves nothing of its own at 360 px runs once, on the desktop; one
// whose checks are at 360 px (cards, no sideways scroll, the folded menu) runs once, on the
// phone, where it also makes every check the desktop run would. Add a new journey here when
// the second run would repeat the first; none is counted as skipped.
/** Journeys whose screens are the same at both widths, checked at 1280 px only. */
const DESKTOP_ONLY = [
  'admin-anonymises-request.spec.ts', // sets 360 px itself for the retention screen
  'admin-changes-own-password.spec.ts',
  'admin-email-settings.spec.ts',
  'admin-imports-poles.spec.ts',
  'admin-issues-open311-key.spec.ts',
  'admin-list-keeps-filters.spec.ts',
  'admin-manages-users.spec.ts', // the menu at 360 px: admin-navigation-at-both-widths.spec.ts
  'admin-prints-pole-labels.spec.ts',
  'admin-signs-in-while-account-under-attack.spec.ts',
  'admin-theme-changes-public-site.spec.ts',
  'admin-two-factor-sign-in.spec.ts',
  'citizen-crosses-pole-map-by-keyboard.spec.ts', // 100 poles in a desktop's view, by keyboard
  'citizen-rates-repair.spec.ts', // sets 360 px itself for the e-mail's link
  'citizen-reads-transparency.spec.ts', // sets 360 px itself for the folded league
  'citizen-wizard-govuk.spec.ts', // keyboard only; the wizard at 360 px is the other citizen journeys'
  'hardening-xss.spec.ts',
  'operator-meets-repair-deadlines.spec.ts',
  'operator-runs-reports.spec.ts',
  'password-reset.spec.ts',
];
/** Journeys of a phone, or whose screens are checked at 360 px (cards, no sideways scroll). */
const PHONE_ONLY = [
  'crew-repairs-offline.spec.ts', // the crew's phone offline; a private server
  'citizen-hears-back-by-sms.spec.ts', // a citizen on a phone; a private server each
  'citizen-hears-back-on-whatsapp.spec.ts', // likewise
  'admin-signs-in-with-emailed-link.spec.ts', // 360 px and the keyboard are its point
  'admin-on-phone-updates-request.spec.ts',
  'admin-connects-webhooks.spec.ts', // the endpoints and deliveries as cards at 360 px
  'admin-manages-poles.spec.ts',
  'admin-reads-audit-log.spec.ts',
  'operator-manages-energy-companies.spec.ts',
  'operator-marks-duplicate.spec.ts',
  'operator-transfers-and-bulk-changes.spec.ts',
  'operator-updates-request.spec.ts',
  'operator-uses-reply-template.spec.ts',
  'citizen-attaches-photos.spec.ts',
  'citizen-draft-survives-offline.spec.ts',
  'citizen-files-from-pole-label.spec.ts',
  'citizen-follows-nearby-request.spec.ts',
  'citizen-reopens-request.spec.ts',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // Three at a time on two cores (decision 0056): a journey waits on the server, the e-mail and
  // the page's timers as much as it computes; two left a fifth of the cores idle.
  workers: 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_RESULTS ?? 'test-results/results.json' }]],
  use: {
    // Filled in by global setup before any test runs.
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: chromium,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // No trace unless asked for (`--trace retain-on-failure`, or E2E_TRACE=retain-on-failure for
    // npm test): recording one for every journey, kept only on failure, cost a quarter of the
    // journeys' CPU (the browser's screencast and snapshots; decision 0045). A failure still
    // leaves its screenshot and the page's ARIA snapshot.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'retain-on-failure' | 'on',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: PHONE_ONLY.map((name) => `**/${name}`),
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testIgnore: DESKTOP_ONLY.map((name) => `**/${name}`),
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromium,
        viewport: { width: 360, height: 740 },
        isMobile: false,
        hasTouch: true,
      },
    },
  ],
});
