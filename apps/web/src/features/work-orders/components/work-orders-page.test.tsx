import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { addWorkCatalogues, crew, json, posts, renderAt, stubApi } from '../test/work-orders-fixtures.tsx';
import WorkOrdersPage from './work-orders-page.tsx';

// jsdom lays nothing out: the map gets a size, so its visible area is an area.
const sizes = ['clientWidth', 'clientHeight'] as const;
beforeAll(() => {
  addWorkCatalogues();
  for (const size of sizes) {
    Object.defineProperty(HTMLElement.prototype, size, { configurable: true, get: () => 400 });
  }
});
afterAll(() => {
  for (const size of sizes) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[size];
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const renderPage = () =>
  renderAt('/admin/work-orders?day=2026-11-30', [{ path: '/admin/work-orders', element: <WorkOrdersPage /> }]);

describe('WorkOrdersPage', () => {
  it("lists the day's work orders and the crews by company", async () => {
    stubApi();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Equipes e ordens de serviço' })).toBeInTheDocument();
    const orders = await screen.findByRole('region', { name: 'Ordens de serviço do dia' });
    const row = within(orders).getByRole('row', { name: /Equipe Norte/ });
    expect(row).toHaveTextContent('0 de 2');
    expect(row).toHaveTextContent('Planejada');
    expect(within(row).getByRole('link', { name: 'Abrir a ordem de serviço nº 31' })).toHaveAttribute(
      'href',
      '/admin/work-orders/31',
    );
    const crews = await screen.findByRole('region', { name: 'Equipes' });
    expect(within(crews).getByRole('row', { name: /Equipe Norte/ })).toHaveTextContent('Ativa');
    expect(screen.getByLabelText('Dia')).toHaveValue('2026-11-30');
  });

  it('adds a crew for a company the account works for', async () => {
    const user = userEvent.setup();
    const calls = stubApi((method, url, body) =>
      method === 'POST' && url === '/api/admin/crews'
        ? json({ ...crew, id: 9, ...(body as object), companyName: 'CEEE' }, 201)
        : undefined,
    );
    renderPage();
    const form = await screen.findByRole('form', { name: 'Adicionar equipe' });
    await user.click(within(form).getByRole('button', { name: 'Adicionar equipe' }));
    expect(await within(form).findByText('Informe o nome da equipe')).toBeInTheDocument();
    expect(posts(calls, '/api/admin/crews')).toHaveLength(0);

    await within(form).findByRole('option', { name: 'CEEE' });
    await user.selectOptions(within(form).getByLabelText(/Empresa/), 'CEEE');
    await user.type(within(form).getByLabelText(/Nome da equipe/), 'Equipe Sul');
    await user.click(within(form).getByRole('button', { name: 'Adicionar equipe' }));
    await waitFor(() => expect(posts(calls, '/api/admin/crews')).toHaveLength(1));
    expect(posts(calls, '/api/admin/crews')[0]?.body).toEqual({ companyId: 2, name: 'Equipe Sul' });
    expect(await screen.findAllByText('Equipe Equipe Sul adicionada')).not.toHaveLength(0);
  });

  it("shows the server's 409 under the crew's name", async () => {
    const user = userEvent.setup();
    stubApi((method, url) =>
      method === 'POST' && url === '/api/admin/crews'
        ? json(
            {
              message: 'Esta empresa já tem uma equipe com este nome',
              errors: { name: 'Esta empresa já tem uma equipe com este nome' },
            },
            409,
          )
        : undefined,
    );
    renderPage();
    const form = await screen.findByRole('form', { name: 'Adicionar equipe' });
    await within(form).findByRole('option', { name: 'CEEE' });
    await user.selectOptions(within(form).getByLabelText(/Empresa/), 'CEEE');
    await user.type(within(form).getByLabelText(/Nome da equipe/), 'Equipe Norte');
    await user.click(within(form).getByRole('button', { name: 'Adicionar equipe' }));
    expect(await within(form).findByText('Esta empresa já tem uma equipe com este nome')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Nome da equipe/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('renames a crew in a dialog and switches it off', async () => {
    const user = userEvent.setup();
    const calls = stubApi((method, url, body) =>
      method === 'PATCH' && url === '/api/admin/crews/4' ? json({ ...crew, ...(body as object) }) : undefined,
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Renomear a equipe Equipe Norte' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Renomear a equipe Equipe Norte' });
    const name = within(dialog).getByLabelText(/Nome da equipe/);
    await user.clear(name);
    await user.type(name, 'Equipe Centro');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Desativar a equipe Equipe Norte' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { name: 'Equipe Centro' },
      { active: false },
    ]);
  });

  it('shows a viewer the lists without the controls that write', async () => {
    const calls = stubApi(undefined, 'viewer');
    renderPage();
    const crews = await screen.findByRole('region', { name: 'Equipes' });
    await within(crews).findByRole('row', { name: /Equipe Norte/ });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/profile')).toBe(true));
    expect(within(crews).getByRole('row', { name: /Equipe Norte/ })).toHaveTextContent('Ativa');
    expect(screen.queryByRole('form', { name: 'Adicionar equipe' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nova ordem de serviço' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Renomear/ })).toBeNull();
  });

  it("sends the map's visible area, and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    const calls = stubApi((method, url) =>
      method === 'POST' && url === '/api/admin/work-orders'
        ? json({ message: 'Nenhuma solicitação aberta ou em andamento desta empresa nesta seleção' }, 400)
        : undefined,
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nova ordem de serviço' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Nova ordem de serviço' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar ordem' }));
    expect(await within(dialog).findByText('Use a área visível do mapa antes de criar a ordem')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Escolha a equipe').length).toBeGreaterThan(1);
    expect(posts(calls, '/api/admin/work-orders')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/Equipe/), 'Equipe Norte (CEEE)');
    const useArea = within(dialog).getByRole('button', { name: 'Usar a área visível do mapa' });
    await waitFor(() => expect(useArea).toBeEnabled());
    await user.click(useArea);
    await user.click(within(dialog).getByRole('button', { name: 'Usar o centro do mapa como partida' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Atrasadas primeiro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar ordem' }));
    await waitFor(() => expect(posts(calls, '/api/admin/work-orders')).toHaveLength(1));
    const body = posts(calls, '/api/admin/work-orders')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ crewId: 4, overdueFirst: true });
    expect(body.requestIds).toBeUndefined();
    expect(body.start).toEqual({ lat: -30, lng: -51 });
    const area = body.area as { south: number; west: number; north: number; east: number };
    expect(area.south).toBeLessThan(-30);
    expect(area.north).toBeGreaterThan(-30);
    expect(area.west).toBeLessThan(-51);
    expect(area.east).toBeGreaterThan(-51);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Nenhuma solicitação aberta ou em andamento desta empresa nesta seleção');
    await waitFor(() => expect(alert).toHaveFocus());
  });
});
