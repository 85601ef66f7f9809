// What the work order screens' tests share: the catalogue, the API as a stub that records
// each call, and a page rendered in a router with the toasts.
import enWork from '@acende/shared/i18n/en/admin-work.json';
import ptWork from '@acende/shared/i18n/pt/admin-work.json';
import type { Crew, WorkOrder } from '@acende/shared/schemas/work-orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { addCatalogue } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';

export function addWorkCatalogues() {
  addCatalogue('pt', 'admin-work', ptWork);
  addCatalogue('en', 'admin-work', enWork);
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const crew: Crew = {
  id: 4,
  companyId: 2,
  companyName: 'CEEE',
  name: 'Equipe Norte',
  active: true,
  createdAt: '2026-11-20T12:00:00.000Z',
};

/** A stop the crew has not reached: nothing recorded. */
export const noRecord = { reason: null, notes: null, proposedCompany: null, materials: [], photos: [] };

export const order: WorkOrder = {
  id: 31,
  companyId: 2,
  companyName: 'CEEE',
  crewId: 4,
  crewName: 'Equipe Norte',
  day: '2026-11-30',
  state: 'planned',
  startLat: null,
  startLng: null,
  overdueFirst: false,
  routeMetres: 2450,
  createdAt: '2026-11-30T12:00:00.000Z',
  createdBy: 'rita',
  stops: [
    {
      id: 2,
      position: 1,
      requestId: 1205,
      address: 'Rua dos Andradas, 1234 - Centro Histórico',
      problemType: 'LIGHT_OUT',
      poleNumber: 'P-0042',
      latitude: -30.03,
      longitude: -51.23,
      status: 'open',
      dueAt: '2026-11-28T12:00:00.000Z',
      overdue: true,
      arrivedAt: null,
      finishedAt: null,
      outcome: null,
      ...noRecord,
    },
    {
      id: 1,
      position: 2,
      requestId: 1190,
      address: 'Avenida Borges de Medeiros, 500',
      problemType: 'LIGHT_OUT',
      poleNumber: null,
      latitude: -30.04,
      longitude: -51.22,
      status: 'in_progress',
      dueAt: null,
      overdue: false,
      arrivedAt: null,
      finishedAt: null,
      outcome: null,
      ...noRecord,
    },
  ],
};

export type Call = { method: string; url: string; body: unknown };
type Handler = (method: string, url: string, body: unknown) => Response | undefined;

/** The API: `handler` answers first, the rest is the default (an operator of CEEE). */
export function stubApi(handler: Handler = () => undefined, role = 'user'): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const answer = handler(method, url, body);
      if (answer) return answer;
      if (url === '/api/admin/profile') {
        return json({ id: 1, username: 'rita', name: 'Rita', email: null, role, language: 'pt', companyIds: [2] });
      }
      if (url === '/api/site') return json({ tileUrl: '', tileAttribution: '', map: { lat: -30, lon: -51, zoom: 13 } });
      if (url === '/api/energy-companies') return json([{ id: 2, name: 'CEEE', fullName: 'CEEE Equatorial' }]);
      if (url === '/api/admin/crews') return json([crew]);
      if (url.startsWith('/api/admin/work-orders?day=')) {
        return json([
          {
            id: 31,
            companyId: 2,
            crewId: 4,
            crewName: 'Equipe Norte',
            day: order.day,
            state: 'planned',
            stops: 2,
            done: 0,
          },
        ]);
      }
      if (url === '/api/admin/work-orders/31') return json(order);
      return json({ message: 'unexpected' }, 500);
    }),
  );
  return calls;
}

export function renderAt(url: string, routes: { path: string; element: ReactElement }[]) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

export const posts = (calls: Call[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);
