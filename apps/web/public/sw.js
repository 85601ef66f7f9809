// Acende's service worker (decision 0063): it only shows the notices a request's status
// changes send to a browser that asked for them, and opens the request's page when one is
// tapped. It caches nothing and answers no fetch: the site works the same without it.
// Served at /sw.js, so its scope is the whole site.

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/**
 * The page to open: the notice's path on this site (the server's public address may name
 * another host for it), never another origin: a path that reads as one (`//host/…`) opens
 * the home page.
 */
function pageOf(url) {
  const origin = self.location.origin;
  const home = new URL('/', origin).href;
  try {
    const target = new URL(url, origin);
    const page = new URL(`${target.pathname}${target.search}${target.hash}`, origin);
    return page.origin === origin ? page.href : home;
  } catch {
    return home;
  }
}

self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = {};
  }
  const title = typeof notice.title === 'string' && notice.title ? notice.title : 'Acende';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof notice.body === 'string' ? notice.body : '',
      tag: typeof notice.tag === 'string' ? notice.tag : undefined,
      // A newer notice of the same request replaces the one shown, and still tells.
      renotify: typeof notice.tag === 'string',
      icon: '/favicon.svg',
      data: { url: pageOf(typeof notice.url === 'string' ? notice.url : '/') },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? new URL('/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // The request's page already open: to the front. Another open page (a filing half done)
      // is left as it is: the request opens beside it.
      const open = windows.find((client) => client.url === url);
      if (open) {
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
