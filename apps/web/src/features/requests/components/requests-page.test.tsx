import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import type { AdminRequestList } from '@acende/shared/schemas/admin-requests';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import RequestsPage from './requests-page.tsx';

beforeAll(() => {
  addCatalogue('pt', ptOperations);
  addCatalogue('en', enOperations);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const item = {
  id: 987_654,
  name: 'Maria Silva',
  phone: '(51) 99876-4321',
  email: null,
  address: 'Rua dos Andradas, 1234 - Centro Histórico, Porto Alegre - RS',
  problemType: 'LIGHT_OUT',
  status: 'open',
  companyId: 1,
  companyName: 'CEEE',
  assignedToId: null,
  assignedTo: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
} satisfies AdminRequestList['items'][number];

function renderList(answer: Omit<AdminRequestList, 'items' | 'page' | 'pageSize'>) {
  const body: AdminRequestList = { items: [item], page: 1, pageSize: 20, nextCursor: null, ...answer };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  const router = createMemoryRouter([{ path: '/admin/requests', element: <RequestsPage /> }], {
    initialEntries: ['/admin/requests?q=silva'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('request list totals', () => {
  it('says "cerca de" with an estimated total, numbers as a Brazilian reader writes them', async () => {
    renderList({ total: 32_000, totalIsEstimate: true });
    expect(await screen.findByText('Cerca de 32.000 solicitações encontradas')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de cerca de 1.600 · 1–20 de cerca de 32.000')).toBeInTheDocument();
  });

  it('says "about" in English', async () => {
    await setLanguage('en');
    renderList({ total: 32_000, totalIsEstimate: true });
    expect(await screen.findByText('About 32,000 requests found')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of about 1,600 · 1–20 of about 32,000')).toBeInTheDocument();
  });

  it('gives an exact total as it is', async () => {
    renderList({ total: 1234, totalIsEstimate: false });
    expect(await screen.findByText('1.234 solicitações encontradas')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 62 · 1–20 de 1.234')).toBeInTheDocument();
    expect(screen.queryByText(/cerca de/i)).toBeNull();
  });
});
