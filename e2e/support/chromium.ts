// Debian's Chromium as every browser run here starts it (decision 0056): the journeys
// (playwright.config.ts) in its headless shell, Lighthouse (bench/lighthouse.ts) in the full
// browser, whose figures the benchmark keeps.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The journeys' browser: Debian's `chromium-headless-shell`, the same Chromium (Blink, V8, the
 * network stack) without the full browser's windows, as Playwright runs headless journeys by
 * default. Measured on the whole suite: a quarter less CPU for the same 131 journeys.
 * E2E_CHROMIUM_PATH=/usr/bin/chromium runs them in the full browser.
 */
export const JOURNEY_CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
