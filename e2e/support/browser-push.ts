// A browser's side of push notices (issue 36) in the journeys. The Chromium here cannot reach
// a real push service (FCM), so two parts of the browser are stood in for:
// - pushManager.subscribe answers the subscription a local push service made
//   (apps/api/test/fake-push-service.ts: an endpoint, a P-256 key and an auth secret), as
//   FCM's registration would; the page, its permission prompt and its service worker are real;
// - the push service's delivery to the browser is DevTools' ServiceWorker.deliverPushMessage,
//   with the text the local service decrypted with the subscription's keys: the real /sw.js
//   then shows the notice, which the test reads back from the worker (deliverPush).
import type { BrowserContext, Page } from '@playwright/test';
import type { BrowserSubscription } from '../../apps/api/test/fake-push-service.ts';
import { expect } from './fixtures.ts';

/** Makes the page's pushManager.subscribe answer `subscription`. */
export async function standInForPushRegistration(page: Page, subscription: BrowserSubscription) {
  await page.addInitScript((sub) => {
    let current: unknown = null;
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      current = {
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: options?.applicationServerKey ?? null },
        toJSON: () => sub,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current as PushSubscription;
    };
  }, subscription);
}

/** The site's service worker, running (the page registered it). */
async function siteWorker(context: BrowserContext, origin: string) {
  const url = `${origin}/sw.js`;
  const running = context.serviceWorkers().find((worker) => worker.url() === url);
  return running ?? (await context.waitForEvent('serviceworker', { predicate: (worker) => worker.url() === url }));
}

/**
 * Delivers `data` to the site's service worker as its push service would. Headless Chromium
 * has no notification centre (it reports notices denied to pages), so what the worker asks to
 * show is also recorded where the test can read it (shownNotices), then passed on.
 */
export async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string) {
  const worker = await siteWorker(context, origin);
  await worker.evaluate(() => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      shown?: { title: string; body: string }[];
    };
    if (scope.shown) return;
    scope.shown = [];
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = (title: string, options?: NotificationOptions) => {
      scope.shown?.push({ title, body: options?.body ?? '' });
      return show(title, options).catch(() => undefined);
    };
  });
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data });
  await cdp.detach();
}

/** The notices the site's service worker asked to show since the first delivery: title and body. */
export async function shownNotices(context: BrowserContext, origin: string) {
  const worker = await siteWorker(context, origin);
  return worker.evaluate(() => (self as unknown as { shown?: { title: string; body: string }[] }).shown ?? []);
}

/** Waits until the site's service worker has shown `notice` (title and body). */
export async function expectNoticeShown(
  context: BrowserContext,
  origin: string,
  notice: { title: string; body: string },
) {
  await expect
    .poll(async () =>
      (await shownNotices(context, origin)).some((n) => n.title === notice.title && n.body === notice.body),
    )
    .toBe(true);
}
