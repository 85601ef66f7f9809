import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { addWorkCatalogues, json, order, posts, renderAt, stubApi } from '../test/work-orders-fixtures.tsx';
import WorkOrderPage from './work-order-page.tsx';

beforeAll(addWorkCatalogues);
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const renderPage = (id = 31) =>
  renderAt(`/admin/work-orders/${id}`, [{ path: '/admin/work-orders/:id', element: <WorkOrderPage /> }]);

describe('WorkOrderPage', () => {
  it('lists the stops in route order, numbered as on the map, with the overdue ones marked', async () => {
    stubApi();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordem de serviço nº 31' })).toBeInTheDocument();
    const route = await screen.findByRole('region', { name: 'Roteiro' });
    const rows = within(route).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Ordem1', 'Ordem2']);
    expect(rows[0]).toHaveTextContent('Rua dos Andradas, 1234');
    expect(rows[0]).toHaveTextContent('P-0042');
    expect(rows[0]).toHaveTextContent('Atrasada');
    expect(rows[1]).toHaveTextContent('Avenida Borges de Medeiros, 500');
    expect(rows[1]).toHaveTextContent('Sem número');
    expect(rows[1]).not.toHaveTextContent('Atrasada');
    expect(screen.getByText('Percurso em linha reta: 2,5 km')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /Mapa do roteiro/ })).toBeInTheDocument();
  });

  it('cancels the work order only once confirmed', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const calls = stubApi((method, url) => {
      if (method === 'POST' && url === '/api/admin/work-orders/31/cancel') cancelled = true;
      return cancelled && url.startsWith('/api/admin/work-orders/31')
        ? json({ ...order, state: 'cancelled' })
        : undefined;
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancelar ordem' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar a ordem de serviço nº 31?' });
    await user.click(within(dialog).getByRole('button', { name: 'Manter a ordem' }));
    expect(posts(calls, '/api/admin/work-orders/31/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancelar ordem' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar ordem' }));
    await waitFor(() => expect(posts(calls, '/api/admin/work-orders/31/cancel')).toHaveLength(1));
    expect(await screen.findByText('Cancelada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar ordem' })).toBeNull();
  });

  it("says so when the work order is not there, in the server's words", async () => {
    stubApi((_method, url) =>
      url === '/api/admin/work-orders/99' ? json({ message: 'Ordem de serviço não encontrada' }, 404) : undefined,
    );
    renderPage(99);
    expect(await screen.findByText('Ordem de serviço não encontrada')).toBeInTheDocument();
  });
});
