// What makes /campo an app on the phone (decision 0069): its web app manifest linked from
// this page only, and the service worker (public/sw.js, the site's one) registered and told
// which files this page ran on, so that it keeps them for opening the app without signal.
const MANIFEST = '/campo/manifest.webmanifest';
const SERVICE_WORKER = '/sw.js';

/** Links the field app's manifest, theme colour and home-screen icon; the returned function takes them away. */
export function linkManifest(): () => void {
  const links = [
    Object.assign(document.createElement('link'), { rel: 'manifest', href: MANIFEST }),
    Object.assign(document.createElement('link'), { rel: 'apple-touch-icon', href: '/campo/icon-192.png' }),
  ];
  for (const link of links) document.head.append(link);
  return () => {
    for (const link of links) link.remove();
  };
}

/** The app's own files this page has loaded (hashed, under /assets/) and its address. */
export function loadedFiles(): string[] {
  const assets = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, location.href))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  return [...new Set(assets)];
}

/**
 * Registers the service worker and, once it runs, asks it to keep the files this page loaded
 * before it took over (the first visit's). `warm` loads what the page fetches only later
 * (the map's chunk, the other language's texts) so that it is among them.
 */
export async function installOffline(warm: () => Promise<unknown>): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' });
  await warm().catch(() => undefined);
  const ready = await navigator.serviceWorker.ready;
  ready.active?.postMessage({ type: 'campo-cache', urls: loadedFiles() });
}
