// The field app rendered as a test drives it: a stub API that records each call, the phone's
// connection switched on and off, and the app in a router beside a sign-in page.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { createFieldServices } from '../components/field-context.tsx';
import FieldPage from '../components/field-page.tsx';
import { createMemoryStore, type FieldStore } from '../lib/field-store.ts';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Call = { method: string; url: string; body: unknown };
type Handler = (method: string, url: string, body: unknown) => Response | Promise<Response> | undefined;

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

/** Switches the phone's connection, as the browser tells a page. */
export function setOnline(next: boolean) {
  online = next;
  act(() => {
    window.dispatchEvent(new Event(next ? 'online' : 'offline'));
  });
}

/** The API: `handler` answers first; without signal every call fails as fetch does. */
export function stubApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body && !(init.body instanceof Blob) ? JSON.parse(String(init.body)) : init?.body;
      if (!online) throw new TypeError('Failed to fetch');
      calls.push({ method, url, body });
      const answer = await handler(method, url, body);
      if (answer) return answer;
      if (url === '/api/site') return json({ tileUrl: '', tileAttribution: '', map: { lat: -30, lon: -51, zoom: 13 } });
      return json({ message: 'unexpected' }, 500);
    }),
  );
  return calls;
}

export function renderField(url = '/campo', store: FieldStore = createMemoryStore()) {
  const queryClient = createQueryClient();
  let n = 0;
  const services = createFieldServices({
    queryClient,
    store,
    resize: async (file) => new Blob([await file.arrayBuffer()], { type: 'image/jpeg' }),
    newKey: () => `key-${String(++n).padStart(4, '0')}`,
  });
  const router = createMemoryRouter(
    [
      { path: '/campo', element: <FieldPage services={services} /> },
      { path: '/admin/login', element: <p>sign-in page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, store, services };
}

export const posts = (calls: Call[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);
