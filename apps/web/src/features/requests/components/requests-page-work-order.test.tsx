import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import enWork from '@acende/shared/i18n/en/admin-work.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import ptWork from '@acende/shared/i18n/pt/admin-work.json';
import type { AdminRequestList } from '@acende/shared/schemas/admin-requests';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import RequestsPage from './requests-page.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-operations', ptOperations);
  addCatalogue('en', 'admin-operations', enOperations);
  addCatalogue('pt', 'admin-work', ptWork);
  addCatalogue('en', 'admin-work', enWork);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const item = (id: number, address: string): AdminRequestList['items'][number] => ({
  id,
  name: 'Maria Silva',
  phone: '(51) 99876-4321',
  email: null,
  address,
  problemType: 'LIGHT_OUT',
  status: 'open',
  companyId: 2,
  companyName: 'CEEE',
  assignedToId: null,
  assignedTo: null,
  poleNumber: null,
  dueAt: null,
  closedAt: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  reopened: false,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const crew = { id: 4, companyId: 2, companyName: 'CEEE', name: 'Equipe Norte', active: true, createdAt: '' };

/** The list as an operator sees it; `onCreate` answers the work order's POST. */
function renderList(onCreate: (body: unknown) => Response) {
  const created: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST' && url === '/api/admin/work-orders') {
        const body = JSON.parse(String(init.body));
        created.push(body);
        return onCreate(body);
      }
      if (url === '/api/admin/profile') return json({ id: 1, role: 'user', companyIds: [2], language: 'pt' });
      if (url === '/api/admin/crews') return json([crew, { ...crew, id: 5, name: 'Equipe Antiga', active: false }]);
      if (url.includes('/counts/company')) return json([{ companyId: 2, companyName: 'CEEE', total: 2 }]);
      if (url.startsWith('/api/admin/repair-requests?')) {
        const items = [item(1205, 'Rua dos Andradas, 1234'), item(1190, 'Avenida Borges de Medeiros, 500')];
        return json({ items, page: 1, pageSize: 20, nextCursor: null, total: 2 });
      }
      return json([]);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/admin/requests', element: <RequestsPage /> },
      { path: '/admin/work-orders/:id', element: <p>work order page</p> },
    ],
    { initialEntries: ['/admin/requests'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { created, router };
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'Selecionar a solicitação 1205' }));
  await user.click(screen.getByRole('checkbox', { name: 'Selecionar a solicitação 1190' }));
  await user.click(screen.getByRole('button', { name: 'Criar ordem de serviço' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Nova ordem de serviço' });
  await user.selectOptions(
    within(dialog).getByLabelText(/Equipe/),
    await within(dialog).findByRole('option', { name: 'Equipe Norte (CEEE)' }),
  );
  return dialog;
}

describe('RequestsPage: a work order from the selected requests', () => {
  it('sends the selected ids, with no area map, and shows a 409 in the dialog', async () => {
    const user = userEvent.setup();
    const { created } = renderList(() =>
      json(
        {
          message: '1 solicitação(ões) já estão em outra ordem aberta, fechadas ou não são da empresa da equipe: 1190',
        },
        409,
      ),
    );
    const dialog = await openForm(user);
    expect(dialog).toHaveTextContent('2 solicitações selecionadas na lista');
    expect(within(dialog).queryByRole('region', { name: /Mapa/ })).toBeNull();
    expect(within(dialog).queryByRole('option', { name: /Equipe Antiga/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Criar ordem' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ crewId: 4, requestIds: [1205, 1190], overdueFirst: false });
    expect(created[0]).not.toHaveProperty('area');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('já estão em outra ordem aberta');
  });

  it('says it is made in a toast whose link opens the work order', async () => {
    const user = userEvent.setup();
    const { router } = renderList(() =>
      json({ id: 31, day: '2026-11-30', stops: [{ id: 1 }, { id: 2 }], state: 'planned' }, 201),
    );
    const dialog = await openForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Criar ordem' }));
    expect(await screen.findByText('Ordem de serviço nº 31 criada com 2 paradas')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The closed dialog gives the page back its pointer a moment later (Radix).
    await waitFor(() => expect(document.body.style.pointerEvents).toBe(''));
    await user.click(screen.getByRole('link', { name: 'Abrir a ordem nº 31' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/work-orders/31'));
  });
});
