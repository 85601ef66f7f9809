// public/sw.js, run as a browser runs a service worker (its own global scope, events
// dispatched to it): a push shows the notice's title, text and tag; a tap opens the notice's
// page on this site only, or brings that page to the front when it is open.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const ORIGIN = 'https://acende.example.gov.br';
const source = readFileSync(join(import.meta.dirname, '../../public/sw.js'), 'utf8');

function startWorker(openWindows: { url: string; focus: () => Promise<void> }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => {});
  const openWindow = vi.fn(async () => null);
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { claim: vi.fn(async () => {}), matchAll: vi.fn(async () => openWindows), openWindow },
    skipWaiting: vi.fn(),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  runInNewContext(source, { self, URL });
  /** Dispatches an event; answers once what it handed to waitUntil settles. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { dispatch, showNotification, openWindow };
}

const pushOf = (data: unknown) => ({ data: { json: () => data } });

describe('the service worker', () => {
  it('shows a pushed notice with its title, text and tag, keeping the page to open', async () => {
    const worker = startWorker();
    await worker.dispatch(
      'push',
      pushOf({
        title: 'Solicitação nº 7',
        body: 'O reparo está em andamento. Toque para acompanhar.',
        url: 'https://acende.example.gov.br/track/7',
        tag: 'acende-request-7',
      }),
    );
    expect(worker.showNotification).toHaveBeenCalledWith('Solicitação nº 7', {
      body: 'O reparo está em andamento. Toque para acompanhar.',
      tag: 'acende-request-7',
      renotify: true,
      icon: '/favicon.svg',
      data: { url: `${ORIGIN}/track/7` },
    });
  });

  it('opens the notice’s page on this site only, keeping its query and anchor', async () => {
    const worker = startWorker();
    const close = vi.fn();
    const tap = (url: string) => worker.dispatch('notificationclick', { notification: { close, data: { url } } });
    await worker.dispatch('push', pushOf({ title: 'x', url: 'https://elsewhere.example.com/track/7?r=abc#rating' }));
    const shown = (worker.showNotification.mock.calls[0] as unknown as [string, { data: { url: string } }])[1];
    expect(shown.data.url).toBe(`${ORIGIN}/track/7?r=abc#rating`);
    await tap(shown.data.url);
    expect(close).toHaveBeenCalled();
    expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/track/7?r=abc#rating`);
  });

  it('never opens another origin, even through a path that reads as one', async () => {
    const worker = startWorker();
    for (const url of ['https://acende.example.gov.br//evil.example/a', 'https://x.example/\\evil.example/x']) {
      await worker.dispatch('push', pushOf({ title: 'x', url }));
    }
    const opened = worker.showNotification.mock.calls.map(
      (call) => (call as unknown as [string, { data: { url: string } }])[1].data.url,
    );
    expect(opened).toEqual([`${ORIGIN}/`, `${ORIGIN}/`]);
  });

  it('brings the request’s page to the front when it is open, and leaves other pages alone', async () => {
    const focus = vi.fn(async () => {});
    const other = vi.fn(async () => {});
    const worker = startWorker([
      { url: `${ORIGIN}/`, focus: other },
      { url: `${ORIGIN}/track/7`, focus },
    ]);
    await worker.dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: `${ORIGIN}/track/7` } },
    });
    expect(focus).toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('shows something sensible for a push it cannot read', async () => {
    const worker = startWorker();
    await worker.dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
      },
    });
    expect(worker.showNotification).toHaveBeenCalledWith('Acende', expect.objectContaining({ body: '' }));
  });
});
