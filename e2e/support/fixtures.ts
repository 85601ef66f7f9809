// Test fixtures every journey uses: an axe scan that fails on any violation of any rule, control of
// the fake geocoder, and API calls as the first admin.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server.ts';

/**
 * Every rule axe has (WCAG 2.0–2.2 A and AA and its best practices), any impact. Run by
 * axe.run in the page itself (legacy mode): the default mode finishes each scan in a new blank
 * page, made for cross-origin frames, which this app has none of (CSP frame-src 'self'); that
 * page cost about as much as the scan (decision 0041). Same-origin frames are still scanned.
 */
export async function expectNoAxeViolations(page: Page, context = '') {
  // Only violations are read: axe still runs every rule, but lists one node of each pass,
  // incomplete and inapplicable result instead of all of them (a tenth of the sweep's time).
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

export async function setGeocoderDown(down: boolean) {
  const res = await fetch(`${process.env.E2E_GEOCODER_URL}/__control`, {
    method: 'POST',
    body: JSON.stringify({ down }),
  });
  expect(res.status).toBe(204);
}

export const admin = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD };

export const test = base.extend<{ axe: (context?: string) => Promise<void> }>({
  axe: async ({ page }, use) => {
    await use((context?: string) => expectNoAxeViolations(page, context));
  },
});

export { expect };
