import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      // Journeys of one viewport run in that project only (none is counted as skipped).
      testIgnore: [
        '**/admin-on-phone-*.spec.ts',
        '**/citizen-files-from-pole-label.spec.ts',
        '**/citizen-draft-survives-offline.spec.ts',
        '**/citizen-reopens-request.spec.ts',
        '**/citizen-attaches-photos.spec.ts',
        '**/citizen-follows-nearby-request.spec.ts',
      ],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testIgnore: ['**/admin-list-keeps-filters.spec.ts'],
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
