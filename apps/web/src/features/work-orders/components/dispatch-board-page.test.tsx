import type { DispatchBoard } from '@acende/shared/schemas/work-orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { addWorkCatalogues, json, renderAt, stubApi } from '../test/work-orders-fixtures.tsx';
import DispatchBoardPage from './dispatch-board-page.tsx';

beforeAll(addWorkCatalogues);
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const counts = { stops: 30, fixed: 10, notPossible: 2, pending: 18, late: 3 };
const board: DispatchBoard = {
  day: '2026-12-10',
  crews: [
    {
      id: 4,
      name: 'Equipe Norte',
      companyId: 2,
      companyName: 'CEEE',
      active: true,
      ...counts,
      firstArrival: '2026-12-10T11:05:00.000Z',
      lastFinish: '2026-12-10T15:40:00.000Z',
      workOrders: [
        { id: 31, state: 'in_progress', ...counts, firstArrival: null, lastFinish: null },
        {
          id: 32,
          state: 'cancelled',
          stops: 1,
          fixed: 0,
          notPossible: 0,
          pending: 1,
          late: 0,
          firstArrival: null,
          lastFinish: null,
        },
      ],
    },
  ],
  idle: [{ id: 5, name: 'Equipe Sul', companyId: 2, companyName: 'CEEE' }],
};

const boardCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/admin/work-orders/board'));
const renderBoard = (url = '/admin/work-orders/board?day=2026-12-10') =>
  renderAt(url, [{ path: '/admin/work-orders/board', element: <DispatchBoardPage /> }]);

describe('DispatchBoardPage', () => {
  it("shows each crew's progress, late stops, times and work orders, and the crews without one", async () => {
    const calls = stubApi((_method, url) => (url.startsWith('/api/admin/work-orders/board') ? json(board) : undefined));
    renderBoard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quadro do dia' })).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Equipes com ordens de serviço no dia' });
    const row = within(table).getByRole('row', { name: /Equipe Norte/ });
    const bar = within(row).getByRole('progressbar', { name: 'Andamento da equipe Equipe Norte' });
    expect(bar).toHaveAttribute('value', '12');
    expect(bar).toHaveAttribute('max', '30');
    expect(row).toHaveTextContent('Visitadas: 12 de 30 · consertadas: 10 · sem condições: 2');
    expect(row).toHaveTextContent('3 atrasadas');
    // 11:05 UTC is 08:05 in the service's time zone.
    expect(row).toHaveTextContent('Primeira chegada: 08:05');
    expect(row).toHaveTextContent('Última conclusão: 12:40');
    expect(within(row).getByRole('link', { name: 'Abrir a ordem de serviço nº 31 (Em andamento)' })).toHaveAttribute(
      'href',
      '/admin/work-orders/31',
    );
    expect(within(row).getByRole('link', { name: 'Abrir a ordem de serviço nº 32 (Cancelada)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Equipes sem ordem de serviço no dia' })).toBeInTheDocument();
    expect(screen.getByText('Equipe Sul')).toBeInTheDocument();
    expect(boardCalls(calls)[0]?.url).toBe('/api/admin/work-orders/board?day=2026-12-10');
  });

  it('changes the day and asks for that day', async () => {
    const calls = stubApi((_method, url) =>
      url.startsWith('/api/admin/work-orders/board') ? json({ day: '2026-12-11', crews: [], idle: [] }) : undefined,
    );
    const router = renderBoard();
    const day = await screen.findByLabelText('Dia');
    expect(await screen.findByText('Nenhuma ordem de serviço neste dia.')).toBeInTheDocument();
    expect(screen.getByText('Todas as equipes ativas têm ordem de serviço neste dia.')).toBeInTheDocument();
    // jsdom's date input takes no typing: the browser's own picker is the keyboard's way in.
    fireEvent.change(day, { target: { value: '2026-12-11' } });
    await waitFor(() => expect(router.state.location.search).toBe('?day=2026-12-11'));
    await waitFor(() =>
      expect(boardCalls(calls).map((c) => c.url)).toContain('/api/admin/work-orders/board?day=2026-12-11'),
    );
  });

  it('says when the board could not load, and loads it again on retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi((_method, url) => {
      if (!url.startsWith('/api/admin/work-orders/board')) return undefined;
      return fail ? json({ message: 'down' }, 500) : json(board);
    });
    renderBoard();
    const retry = await screen.findByRole('button', { name: 'Tentar de novo' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('row', { name: /Equipe Norte/ })).toBeInTheDocument();
  });

  it('reads in English', async () => {
    await setLanguage('en');
    stubApi((_method, url) => (url.startsWith('/api/admin/work-orders/board') ? json(board) : undefined));
    renderBoard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dispatch board' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Equipe Norte/ });
    expect(row).toHaveTextContent('Visited: 12 of 30 · fixed: 10 · not possible: 2');
    expect(row).toHaveTextContent('3 late');
    expect(row).toHaveTextContent('First arrival: 08:05');
  });
});
