// Test fixtures every journey uses: an axe scan that fails on any violation of any rule, control of
// the fake geocoder, and API calls as the first admin.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server.ts';

/**
 * axe-core's minified build, put into a document once and kept there for its later scans (the
 * app changes pages without loading a new document). @axe-core/playwright sent its 1.3 MB
 * build into the page twice on every scan: half the journeys' worker CPU went to writing it to
 * the browser, and the page compiled it twice (decision 0056).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_SETUP = `${AXE_SOURCE}\n;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;
/**
 * Every rule axe has (WCAG 2.0–2.2 A and AA and its best practices), any impact. Only violations
 * are read: axe still runs every rule, but lists one node of each pass, incomplete and
 * inapplicable result instead of all of them (a tenth of the sweep's time).
 */
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'] };

type WithAxe = { axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };

/**
 * Waits for the page's CSS transitions and finite animations to end (a spinner turns for ever):
 * axe reads colours as they are drawn, and the poles' import button, its colours halfway through
 * a transition when the import ended, read 2.75:1 (with axe put in at once; sending
 * @axe-core/playwright's 1.3 MB twice had always outlasted the transition).
 */
async function transitionsEnded(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
      );
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    // A transition is a fraction of a second; a page whose animations outlast 5 s is scanned as it is.
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
}

/**
 * Runs axe.run in the page itself, as @axe-core/playwright's legacy mode does: this app has no
 * cross-origin frames (CSP frame-src 'self'), and same-origin frames are scanned from the top
 * one, each with axe put into it first (decision 0041).
 */
export async function expectNoAxeViolations(page: Page, context = '') {
  await transitionsEnded(page);
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => typeof (window as WithAxe).axe?.run === 'function');
    if (!present) await frame.evaluate(AXE_SETUP);
  }
  const results = await page.evaluate((options) => {
    const axe = (window as WithAxe).axe;
    if (!axe) throw new Error('axe is not in the page');
    return axe.run(document, options);
  }, AXE_OPTIONS);
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
