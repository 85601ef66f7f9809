// Acende's service worker (decision 0063): it shows the notices a request's status changes
// send to a browser that asked for them, and opens the request's page when one is tapped.
// For the crew's app at /campo only (decision 0069) it keeps the app's page and files, so the
// app opens without signal: /campo network first, its page kept as the fallback; the hashed
// /assets/ files the /campo page uses, cache first. Every other request it leaves to the
// browser: the rest of the site works the same without it. Served at /sw.js (scope: the site).

const CAMPO_CACHE = 'acende-campo-v1';
const CAMPO_PAGE = '/campo';
/** Where the list of files the kept page names is kept (a Cache key ignores a #fragment: not '/campo#…'). */
const CAMPO_LIST = '/campo/__assets__';

self.addEventListener('install', (event) => {
  self.skipWaiting();
  // The app's page and the files it names, kept as soon as the worker is in when /campo
  // installed it: a crew that opens /campo once with signal can open it again without. (A
  // citizen's browser that asked for notices keeps nothing.)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (windows.some((client) => isCampoPath(new URL(client.url).pathname))) await keepCampoPage();
    })().catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Caches of earlier versions of this worker go.
      const names = await self.caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('acende-campo-') && name !== CAMPO_CACHE)
          .map((name) => self.caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

const isCampoPath = (pathname) => pathname === CAMPO_PAGE || pathname.startsWith(`${CAMPO_PAGE}/`);

/** The /assets/ files a page's HTML names (scripts, module preloads, stylesheets). */
function assetsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)) found.add(match[1]);
  return [...found];
}

/** Keeps the /campo page as the server sends it now, and the files it names, dropping files no page of this version names. */
async function keepCampoPage(response) {
  const cache = await self.caches.open(CAMPO_CACHE);
  const page = response ?? (await fetch(CAMPO_PAGE, { credentials: 'same-origin', cache: 'no-cache' }));
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put(CAMPO_PAGE, page);
  const named = assetsOf(html);
  await keepFiles(cache, named);
  // A new version of the site: the old version's files that the new page does not name go
  // (the page then tells again which later files it ran on: see 'message').
  const previous = await cache.match(CAMPO_LIST);
  const before = previous ? await previous.json() : [];
  if (before.join() !== named.join()) {
    const keep = new Set(named);
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/assets/') && !keep.has(path)) await cache.delete(request);
    }
  }
  await cache.put(CAMPO_LIST, new Response(JSON.stringify(named), { headers: { 'content-type': 'application/json' } }));
}

/** Fetches and keeps the files not kept yet. */
async function keepFiles(cache, paths) {
  for (const path of paths) {
    if (!path.startsWith('/assets/') || (await cache.match(path))) continue;
    try {
      const response = await fetch(path, { credentials: 'same-origin' });
      if (response.ok) await cache.put(path, response);
    } catch {
      // Offline now: kept the next time.
    }
  }
}

/** Network first: the page as the server sends it now (kept for later), the kept one without signal. */
async function campoNavigation(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      // Kept in the background; the crew does not wait for it.
      keepCampoPage(copy).catch(() => undefined);
    }
    return response;
  } catch (error) {
    const cache = await self.caches.open(CAMPO_CACHE);
    const kept = await cache.match(CAMPO_PAGE);
    if (kept) return kept;
    throw error;
  }
}

/** Cache first for hashed files (their name changes with their content); kept when a /campo page asked. */
async function campoAsset(event) {
  const cache = await self.caches.open(CAMPO_CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  const client = event.clientId ? await self.clients.get(event.clientId) : undefined;
  if (response.ok && client && isCampoPath(new URL(client.url).pathname)) {
    await cache.put(event.request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Other origins (the map's tiles) and the API are the browser's own business.
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (isCampoPath(url.pathname)) event.respondWith(campoNavigation(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(campoAsset(event));
});

// The /campo page names the files it ran on before this worker took it over (its first visit).
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'campo-cache' || !Array.isArray(data.urls)) return;
  const paths = data.urls.filter((url) => typeof url === 'string' && url.startsWith('/assets/'));
  // The page itself too: a worker installed while the app was reached without a navigation of
  // its own (signing in lands on /campo inside the page) never saw /campo go by.
  event.waitUntil(
    self.caches
      .open(CAMPO_CACHE)
      .then((cache) => keepFiles(cache, paths))
      .then(() => keepCampoPage())
      .catch(() => undefined),
  );
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
