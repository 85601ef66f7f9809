import enAccess from '@acende/shared/i18n/en/admin-access.json';
import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import enPoles from '@acende/shared/i18n/en/admin-poles.json';
import ptAccess from '@acende/shared/i18n/pt/admin-access.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import ptPoles from '@acende/shared/i18n/pt/admin-poles.json';
import type { AdminPole } from '@acende/shared/schemas/poles';
import type { AdminPoleList } from '@acende/shared/schemas/poles-registry';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import PolesPage from './poles-page.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-access', ptAccess);
  addCatalogue('pt', 'admin-operations', ptOperations);
  addCatalogue('pt', 'admin-poles', ptPoles);
  addCatalogue('en', 'admin-access', enAccess);
  addCatalogue('en', 'admin-operations', enOperations);
  addCatalogue('en', 'admin-poles', enPoles);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const pole = (id: number, number: string): AdminPole => ({
  id,
  companyId: 1,
  companyName: 'CEEE',
  number,
  latitude: -30.03,
  longitude: -51.23,
  street: 'Rua dos Andradas',
  description: null,
  active: true,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The list at `url`; page 2 holds other poles than page 1. */
function renderList(url = '/admin/poles', role = 'admin', capped = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.endsWith('/api/admin/profile')) {
        return json({ id: 1, username: 'a', name: 'A', email: null, role, language: 'pt', companyIds: [] });
      }
      if (input.includes('energy-companies')) return json([]);
      const page = Number(new URL(input, 'http://x').searchParams.get('page') ?? '1');
      const items = page === 1 ? [pole(1, 'A-1'), pole(2, 'A-2')] : [pole(3, 'B-1')];
      const body: AdminPoleList = { items, total: capped ? 10_000 : 3, totalIsCapped: capped, page, pageSize: 2 };
      return json(body);
    }),
  );
  const router = createMemoryRouter([{ path: '/admin/poles', element: <PolesPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('pole list selection', () => {
  it('chooses rows one by one or the whole page, and keeps them across pages', async () => {
    const router = renderList();
    const one = await screen.findByRole('checkbox', { name: 'Selecionar o poste A-1 (CEEE)' });
    const page = screen.getByRole('checkbox', { name: 'Selecionar todos os postes desta página' });
    await userEvent.click(one);
    expect(screen.getByText('1 poste selecionado')).toBeInTheDocument();
    expect(page).not.toBeChecked();
    expect((page as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(page);
    expect(screen.getByRole('checkbox', { name: 'Selecionar o poste A-2 (CEEE)' })).toBeChecked();
    expect(screen.getByText('2 postes selecionados')).toBeInTheDocument();

    await router.navigate('/admin/poles?page=2');
    const other = await screen.findByRole('checkbox', { name: 'Selecionar o poste B-1 (CEEE)' });
    expect(other).not.toBeChecked();
    await userEvent.click(other);
    expect(screen.getByText('3 postes selecionados')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar seleção' }));
    expect(other).not.toBeChecked();
    expect(screen.queryByText(/selecionad/)).toBeNull();
  });

  it('offers no writing to a viewer, and says a capped total as "more than"', async () => {
    await setLanguage('en');
    renderList('/admin/poles?q=a', 'viewer', true);
    const row = (await screen.findByText('A-1')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'View pole A-1 (CEEE)' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New pole' })).toBeNull();
    expect(screen.getByText('More than 10,000 poles: search or filter to narrow them')).toBeInTheDocument();
  });
});
