// public/sw.js for the field app (decision 0069), run as a browser runs it: /campo opens from
// the kept page without signal, hashed files a /campo page used are kept and served first from
// the cache, and nothing else (other pages, the API, other origins) is answered by the worker.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const ORIGIN = 'https://acende.example.gov.br';
const source = readFileSync(join(import.meta.dirname, '../../../../public/sw.js'), 'utf8');
const PAGE =
  '<html><head><script type="module" src="/assets/index-abc.js"></script><link rel="modulepreload" href="/assets/field-page-def.js"></head></html>';

function startWorker(clientUrl: string) {
  const store = new Map<string, Response>();
  const keyOf = (request: string | Request) =>
    new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
  const cache = {
    match: async (request: string | Request) => store.get(keyOf(request))?.clone(),
    put: async (request: string | Request, response: Response) => void store.set(keyOf(request), response),
    keys: async () => [...store.keys()].map((url) => new Request(url)),
    delete: async (request: string | Request) => store.delete(keyOf(request)),
  };
  let online = true;
  const fetch = vi.fn(async (request: string | Request) => {
    if (!online) throw new TypeError('Failed to fetch');
    const url = keyOf(request);
    return new Response(url.endsWith('/campo') || url.includes('/campo?') ? PAGE : `file ${url}`, { status: 200 });
  });
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin: ORIGIN },
    caches: { open: async () => cache, keys: async () => ['acende-campo-v1'], delete: async () => true },
    clients: { get: async () => ({ url: clientUrl }), claim: async () => {}, matchAll: async () => [] },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: () => {},
  };
  runInNewContext(source, { self, URL, Response, Request, fetch, Set, JSON });
  /** A fetch as the browser hands it to the worker: the answer when the worker takes it, undefined when not. */
  const request = async (path: string, mode = 'no-cors'): Promise<Response | undefined> => {
    let answer: Promise<Response> | undefined;
    listeners.get('fetch')?.({
      request: { url: new URL(path, ORIGIN).href, method: 'GET', mode },
      clientId: 'c1',
      respondWith: (promise: Promise<Response>) => (answer = promise),
    });
    return answer;
  };
  return { request, fetch, store, goOffline: () => (online = false) };
}

describe('the service worker for /campo', () => {
  it('opens /campo without signal from the page kept on an earlier visit, whatever the query', async () => {
    const worker = startWorker(`${ORIGIN}/campo`);
    expect(await (await worker.request('/campo', 'navigate'))?.text()).toBe(PAGE);
    // The page's files are kept in the background.
    await vi.waitFor(() => expect(worker.store.has(`${ORIGIN}/assets/field-page-def.js`)).toBe(true));
    worker.goOffline();
    expect(await (await worker.request('/campo?dia=2026-11-30&parada=11', 'navigate'))?.text()).toBe(PAGE);
    expect(await (await worker.request('/assets/index-abc.js'))?.text()).toBe(`file ${ORIGIN}/assets/index-abc.js`);
  });

  it('keeps hashed files only for a /campo page, and leaves other pages, the API and tiles alone', async () => {
    const citizen = startWorker(`${ORIGIN}/track/7`);
    expect(await citizen.request('/track/7', 'navigate')).toBeUndefined();
    expect(await citizen.request('/api/crew/day?day=2026-11-30')).toBeUndefined();
    expect(await citizen.request('https://tile.openstreetmap.org/1/1/1.png')).toBeUndefined();
    await citizen.request('/assets/wizard-xyz.js');
    expect(citizen.store.size).toBe(0);

    const crew = startWorker(`${ORIGIN}/campo`);
    await crew.request('/assets/leaflet-123.js');
    crew.goOffline();
    expect(await (await crew.request('/assets/leaflet-123.js'))?.text()).toBe(`file ${ORIGIN}/assets/leaflet-123.js`);
  });
});
