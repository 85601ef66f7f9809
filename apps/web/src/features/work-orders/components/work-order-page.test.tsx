import type { WorkOrder } from '@acende/shared/schemas/work-orders';
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

/** The order after the crew's day: the first stop fixed with photos, the second not ours. */
const worked: WorkOrder = {
  ...order,
  state: 'done',
  stops: [
    {
      ...(order.stops[0] as WorkOrder['stops'][number]),
      status: 'completed',
      overdue: false,
      // 08:05 and 08:42 in São Paulo (UTC−3).
      arrivedAt: '2026-11-30T11:05:00.000Z',
      finishedAt: '2026-11-30T11:42:10.000Z',
      outcome: 'fixed',
      notes: 'Lâmpada trocada e reator revisado',
      materials: [
        { name: 'Lâmpada LED 100 W', unit: 'un', quantity: 2 },
        { name: 'Cabo', unit: 'm', quantity: 15 },
      ],
      photos: [
        { id: 71, width: 1600, height: 1200 },
        { id: 72, width: 1200, height: 1600 },
      ],
    },
    {
      ...(order.stops[1] as WorkOrder['stops'][number]),
      finishedAt: '2026-11-30T13:00:00.000Z',
      outcome: 'not_possible',
      reason: 'not_ours',
      notes: 'Poste da RGE',
      proposedCompany: 'RGE Sul',
    },
  ],
};

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

  it('shows what the crew recorded at each stop: outcome, times, notes, materials and the photos as links', async () => {
    const user = userEvent.setup();
    stubApi((_method, url) => (url === '/api/admin/work-orders/31' ? json(worked) : undefined));
    renderPage();
    const route = await screen.findByRole('region', { name: 'Roteiro' });
    const [fixed, notOurs] = within(route).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    // The card's column name is there for a phone (the header row is hidden under 640 px).
    expect(within(fixed).getByText('Registro da equipe')).toBeInTheDocument();
    for (const text of [
      'Consertado',
      'Chegada: 08:05',
      'Conclusão: 08:42',
      'Tempo no local: 37 minutos',
      'Observações: Lâmpada trocada e reator revisado',
      'Lâmpada LED 100 W: 2 un',
      'Cabo: 15 m',
    ]) {
      expect(within(fixed).getByText(text)).toBeInTheDocument();
    }
    const photos = within(fixed).getAllByRole('link', { name: /do conserto da parada 1/ });
    expect(photos.map((a) => a.getAttribute('href'))).toEqual([
      '/api/admin/work-orders/31/photos/71?size=full',
      '/api/admin/work-orders/31/photos/72?size=full',
    ]);
    expect(photos[0]).toHaveAttribute('target', '_blank');
    expect(photos[0]).toHaveAccessibleName('Foto 1 do conserto da parada 1');
    const thumb = within(fixed).getByRole('img', { name: 'Foto 2 do conserto da parada 1' });
    expect(thumb).toHaveAttribute('src', '/api/admin/work-orders/31/photos/72?size=thumb');

    expect(within(notOurs).getByText('Não foi possível: a rede não é desta concessionária')).toBeInTheDocument();
    expect(within(notOurs).getByText('Concessionária proposta: RGE Sul')).toBeInTheDocument();
    expect(within(notOurs).getByText('Conclusão: 10:00')).toBeInTheDocument();
    expect(within(notOurs).queryByText(/Tempo no local/)).toBeNull();
    expect(within(notOurs).queryByRole('img')).toBeNull();

    // By keyboard: Tab reaches the first photo's link after the stops' request links.
    let steps = 0;
    while (document.activeElement !== photos[0] && steps < 15) {
      await user.tab();
      steps += 1;
    }
    expect(photos[0]).toHaveFocus();
    await user.tab();
    expect(photos[1]).toHaveFocus();
  });

  it('says the outcome in English, and a stop not yet reached as such', async () => {
    await setLanguage('en');
    const pending = { ...order, stops: [worked.stops[1], { ...order.stops[1], position: 3, id: 9 }] } as WorkOrder;
    stubApi((_method, url) => (url === '/api/admin/work-orders/31' ? json(pending) : undefined));
    renderPage();
    const route = await screen.findByRole('region', { name: 'Route' });
    const [notOurs, waiting] = within(route).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(notOurs).getByText("Not possible: the network is not this company's")).toBeInTheDocument();
    expect(within(notOurs).getByText('Proposed company: RGE Sul')).toBeInTheDocument();
    expect(within(waiting).getByText('Not visited yet')).toBeInTheDocument();
  });
});
