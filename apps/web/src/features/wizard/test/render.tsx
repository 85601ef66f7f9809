// Renders a piece of the wizard with a fresh query client and a fetch that answers by URL.
import '../../../lib/i18n.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';

export type Route = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs fetch: each call goes to `route`; unanswered calls never settle (a loading state). */
export function stubFetch(route: Route) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const answer = route(String(input), init);
    return answer ? Promise.resolve(answer) : new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderWithClient(ui: ReactNode) {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}
