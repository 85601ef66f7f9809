// Issue 20: axe finds nothing, of any impact, on every page of the service, in both
// languages, at both viewports (the desktop and phone projects each run this file). The
// wizard's later steps, the success screen and the dialogs are scanned by the journeys
// that reach them; this sweep opens every page by its address, signed in where it must be:
// the first by loading it, the others inside the loaded app as its links do (loading the whole
// app again for each of the 184 pages was half the sweep's time: 62 → 36 s on the desktop).
import type { Page, Request } from '@playwright/test';
import { admin, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { seedPole, uniquePoleNumber } from './support/poles.ts';
import { fileRequest, uniquePhone } from './support/requests.ts';

const PUBLIC_PAGES = [
  '/',
  '/track',
  '/privacy',
  '/accessibility',
  '/nothing-here',
  '/p/1/NO-SUCH-POLE',
  '/unsubscribe?token=x',
  '/open-data',
  '/transparencia',
];
const SIGNED_OUT_PAGES = ['/admin/login', '/admin/request-password-reset', '/admin/reset-password/not-a-real-token'];
const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/requests',
  '/admin/user-requests',
  '/admin/users',
  '/admin/users/new',
  '/admin/users/1/edit',
  '/admin/energy-companies',
  '/admin/poles',
  '/admin/poles/new',
  '/admin/poles/import',
  '/admin/poles/labels',
  '/admin/email-settings',
  '/admin/theme-settings',
  '/admin/captcha-settings',
  '/admin/retention-settings',
  '/admin/repair-targets',
  '/admin/audit',
  '/admin/reports',
  '/admin/reports/requests',
  '/admin/reports/area',
  '/admin/reports/location-map',
  '/admin/reports/sla',
  '/admin/reports/ratings',
  '/admin/change-password',
  '/admin/security',
  '/admin/security-settings',
  '/admin/reply-templates',
  '/admin/open311-keys',
  '/admin/webhooks',
  '/admin/integration-keys',
  '/admin/nothing-here',
];

/** The page's requests on their way (data, code, images), kept by the page's own events. */
function inFlight(page: Page): Set<Request> {
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return pending;
}

const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Goes to `path` inside the loaded app, as its links do (a history entry the router follows),
 * rather than loading the whole app again for each page, and waits until the page's first
 * heading is another one: a new element, or the same element with other text.
 */
async function follow(page: Page, path: string) {
  const old = await page.evaluate((to) => {
    const heading = document.querySelector('h1');
    heading?.setAttribute('data-swept', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return heading?.textContent ?? null;
  }, path);
  await page.waitForFunction((text) => {
    const heading = document.querySelector('h1');
    return heading !== null && (!heading.hasAttribute('data-swept') || heading.textContent !== text);
  }, old);
}

/**
 * Opens a page and waits until it has drawn its heading and finished loading: no request on its
 * way, still none two frames later (a query that starts when another ends has started by then),
 * and nothing marked busy. Not 'networkidle', which waits out 500 ms of quiet on every page: a
 * third of the sweep's time.
 */
async function open(page: Page, pending: Set<Request>, path: string) {
  if (page.url() === 'about:blank') await page.goto(path);
  else await follow(page, path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(async () => {
    expect(pending.size).toBe(0);
    await twoFrames(page);
    expect(pending.size).toBe(0);
  }).toPass({ intervals: [20, 50, 100] });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

// Public and admin pages are two tests per language, so the two workers share them and each
// keeps its own time budget when the other lane of `npm test` holds a core.
for (const lang of ['pt', 'en'] as const) {
  test(`every public page passes axe with no violation of any impact (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const pending = inFlight(page);
    await context.addInitScript((language) => localStorage.setItem('acende.language', language), lang);
    const { id, trackingToken } = await fileRequest(page.request, uniquePhone());
    const pole = await seedPole(baseURL as string, {
      companyId: 1,
      number: uniquePoleNumber(testInfo, 'SWEEP'),
      latitude: -30.0277,
      longitude: -51.2287,
    });
    const poleAddress = `/p/${pole.companyId}/${pole.number}`;
    for (const path of [
      ...PUBLIC_PAGES,
      `/track/${id}?t=${encodeURIComponent(trackingToken)}`,
      poleAddress,
      ...SIGNED_OUT_PAGES,
    ]) {
      await open(page, pending, path);
      await expectNoAxeViolations(page, `${lang} ${path}`);
    }
  });

  test(`every admin page passes axe with no violation of any impact (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const pending = inFlight(page);
    await context.addInitScript((language) => localStorage.setItem('acende.language', language), lang);
    const { id } = await fileRequest(page.request, uniquePhone());
    const pole = await seedPole(baseURL as string, {
      companyId: 1,
      number: uniquePoleNumber(testInfo, 'SWEEPADMIN'),
      latitude: -30.0277,
      longitude: -51.2287,
    });
    const login = await page.request.post('/api/admin/login', { data: admin });
    expect(login.status()).toBe(200);
    for (const path of [...ADMIN_PAGES, `/admin/requests/${id}`, `/admin/poles/${pole.id}`]) {
      await open(page, pending, path);
      await expectNoAxeViolations(page, `${lang} ${path}`);
    }
  });
}
