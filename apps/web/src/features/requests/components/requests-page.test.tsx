import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import type { AdminRequestList } from '@acende/shared/schemas/admin-requests';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listReturnPath } from '../../../components/requests/list-return.ts';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import RequestsPage from './requests-page.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-operations', ptOperations);
  addCatalogue('en', 'admin-operations', enOperations);
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
  poleNumber: null,
  dueAt: null,
  closedAt: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  reopened: false,
} satisfies AdminRequestList['items'][number];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The list page at `url`, the API answering `answer` for the list; the URLs it asked, in `asked`. */
function renderList(
  answer: Omit<AdminRequestList, 'items' | 'page' | 'pageSize'> & { items?: AdminRequestList['items'] },
  url = '/admin/requests?q=silva',
) {
  const body: AdminRequestList = { items: [item], page: 1, pageSize: 20, nextCursor: null, ...answer };
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      if (input.includes('/counts/company')) return json([{ companyId: 1, companyName: 'CEEE', total: 1 }]);
      if (input.includes('/assignees')) return json([{ id: 7, name: 'Rita', username: 'rita', role: 'user' }]);
      return json(body);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/admin/requests', element: <RequestsPage /> },
      { path: '/admin/requests/:id', element: <DetailBack /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { asked, router };
}

/** Stands for the request page: where its "back" link would go. */
function DetailBack() {
  return <output data-testid="back">{listReturnPath(useLocation().state)}</output>;
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

describe('request list order, empty states and the way back', () => {
  it('marks the sorted column with aria-sort and sorts by another column from its header', async () => {
    const { asked, router } = renderList({ total: 1, totalIsEstimate: false }, '/admin/requests?companyId=1');
    const number = await screen.findByRole('columnheader', { name: /Número/ });
    expect(number).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Data/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /Número/ }));
    expect(router.state.location.search).toBe('?companyId=1&sort=number&dir=asc');
    expect(await screen.findByRole('columnheader', { name: /Número/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /Número/ }));
    expect(router.state.location.search).toBe('?companyId=1&sort=number');
    expect(asked.some((u) => u.includes('companyId=1&sort=number&page=1'))).toBe(true);
    // The cards' sort select says the same order.
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('number:desc');
  });

  it('says there are no requests yet when nothing is filtered, and offers to clear filters otherwise', async () => {
    renderList({ total: 0, totalIsEstimate: false, items: [] }, '/admin/requests');
    expect(await screen.findByText('Ainda não há solicitações.')).toBeInTheDocument();
    expect(screen.queryByText('Nenhuma solicitação corresponde a estes filtros')).toBeNull();
  });

  it('offers to clear the filters of a list they leave empty', async () => {
    const { router } = renderList(
      { total: 0, totalIsEstimate: false, items: [] },
      '/admin/requests?status=open&from=2026-01-01&sort=number',
    );
    expect(await screen.findByText('Nenhuma solicitação corresponde a estes filtros')).toBeInTheDocument();
    const clears = screen.getAllByRole('button', { name: 'Limpar filtros' });
    await userEvent.click(clears[clears.length - 1] as HTMLElement);
    expect(router.state.location.search).toBe('?sort=number');
  });

  it("opens a request with the list's URL, so its page returns to the same filters and order", async () => {
    const url = '/admin/requests?q=silva&companyId=1&from=2026-11-01&to=2026-11-30&sort=status&dir=asc&page=2';
    renderList({ total: 40, totalIsEstimate: false }, url);
    await userEvent.click(await screen.findByRole('link', { name: 'Ver detalhes da solicitação 987654' }));
    expect(screen.getByTestId('back').textContent).toBe(url);
  });

  it('refuses a date range that ends before it starts, without asking the API', async () => {
    const { router } = renderList({ total: 1, totalIsEstimate: false }, '/admin/requests?from=2026-03-10');
    const to = await screen.findByLabelText('Até');
    await userEvent.type(to, '2026-03-01');
    expect(await screen.findByText('A data final deve ser igual ou posterior à data inicial')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?from=2026-03-10');
  });
});

describe('the pole', () => {
  it('shows a pole column, and keeps an empty pole cell out of a phone card', async () => {
    renderList({
      total: 2,
      totalIsEstimate: false,
      items: [{ ...item, id: 1, poleNumber: 'PA-0012' }, item],
    });
    expect(await screen.findByRole('columnheader', { name: 'Poste' })).toBeInTheDocument();
    const withPole = screen.getByRole('cell', { name: /PA-0012/ });
    expect(withPole.className).not.toMatch(/max-sm:hidden/);
    const rows = screen.getAllByRole('row');
    const emptyPole = rows[rows.length - 1]?.querySelectorAll('[role="cell"]')[4];
    expect(emptyPole).toHaveTextContent('—');
    expect(emptyPole?.className).toMatch(/max-sm:hidden/);
  });

  it('filters by a pole number, normalised, kept in the URL and sent to the API', async () => {
    const { asked, router } = renderList({ total: 1, totalIsEstimate: false }, '/admin/requests?status=open');
    await userEvent.type(await screen.findByLabelText('Poste'), ' pa 12{Enter}');
    expect(router.state.location.search).toBe('?status=open&pole=PA-12');
    expect(screen.getByLabelText('Poste')).toHaveValue('PA-12');
    await vi.waitFor(() => expect(asked.some((u) => u.includes('status=open&pole=PA-12&page=1'))).toBe(true));
  });

  it('refuses a pole number no pole can have, without asking the API', async () => {
    const { router } = renderList({ total: 1, totalIsEstimate: false }, '/admin/requests?status=open');
    await userEvent.type(await screen.findByLabelText('Poste'), 'PA#12{Enter}');
    expect(
      await screen.findByText('Use de 1 a 32 letras, dígitos, pontos, hífens ou sublinhados no número do poste'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Poste')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('?status=open');
  });

  it('drops a pole number no pole can have from the URL instead of sending it', async () => {
    const { asked } = renderList({ total: 1, totalIsEstimate: false }, '/admin/requests?pole=%23%23&q=x');
    await screen.findByRole('columnheader', { name: 'Poste' });
    expect(asked.some((u) => u.includes('pole='))).toBe(false);
  });
});

describe('a bad link', () => {
  it('reads no list to return to from a state that is not an admin list', () => {
    expect(listReturnPath({ list: 'https://evil.example/admin/requests' })).toBe('/admin/requests');
    expect(listReturnPath({ list: '/admin/user-requests?status=open' })).toBe('/admin/user-requests?status=open');
    expect(listReturnPath(null)).toBe('/admin/requests');
  });
});
