// The materials screen (decision 0068): the list by company, adding one with the schema's
// checks and the API's 409 under the name, taking one out of use; viewers read only.
import enAccess from '@acende/shared/i18n/en/admin-access.json';
import ptAccess from '@acende/shared/i18n/pt/admin-access.json';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { addCatalogue } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import MaterialsPage from './materials-page.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-access', ptAccess);
  addCatalogue('en', 'admin-access', enAccess);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const lamp = { id: 3, companyId: 2, name: 'Lâmpada LED 100W', unit: 'un', active: true };
type Call = { method: string; url: string; body: unknown };
type Handler = (method: string, url: string, body: unknown) => Response | undefined;

function renderPage(role: string, handler: Handler = () => undefined, url = '/admin/materials') {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: path, body });
      const answer = handler(method, path, body);
      if (answer) return answer;
      if (path === '/api/admin/profile') {
        return json({ id: 1, username: 'rita', name: 'Rita', email: null, role, language: 'pt', companyIds: [2] });
      }
      if (path === '/api/energy-companies') return json([{ id: 2, name: 'CEEE', fullName: 'CEEE Equatorial' }]);
      if (path.startsWith('/api/admin/materials') && method === 'GET') return json([lamp]);
      return json({ message: 'unexpected' }, 500);
    }),
  );
  const router = createMemoryRouter([{ path: '/admin/materials', element: <MaterialsPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

const sent = (calls: Call[], method: string) => calls.filter((c) => c.method === method);

describe('MaterialsPage', () => {
  it("lists the company's materials and adds one, showing the API's 409 under the name", async () => {
    const user = userEvent.setup();
    let taken = true;
    const calls = renderPage('user', (method, url, body) => {
      if (method !== 'POST' || url !== '/api/admin/materials') return undefined;
      if (taken) {
        taken = false;
        const message = 'Já existe um material com este nome nesta concessionária';
        return json({ message, errors: { name: message } }, 409);
      }
      return json({ id: 9, active: true, ...(body as object) }, 201);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Materiais' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Lâmpada LED 100W/ });
    await waitFor(() => expect(row).toHaveTextContent('CEEE'));
    expect(row).toHaveTextContent('Em uso');

    const form = screen.getByRole('form', { name: 'Adicionar material' });
    await user.click(within(form).getByRole('button', { name: 'Adicionar material' }));
    expect(await within(form).findByText('A concessionária é obrigatória')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toHaveLength(0);

    await within(form).findByRole('option', { name: 'CEEE' });
    await user.selectOptions(within(form).getByLabelText(/Concessionária/), 'CEEE');
    await user.type(within(form).getByLabelText(/^Nome/), 'Relé');
    await user.type(within(form).getByLabelText(/^Unidade/), 'un');
    await user.click(within(form).getByRole('button', { name: 'Adicionar material' }));
    expect(
      await within(form).findByText('Já existe um material com este nome nesta concessionária'),
    ).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Adicionar material' }));
    expect(await screen.findByText('Material Relé adicionado')).toBeInTheDocument();
    expect(sent(calls, 'POST').at(-1)?.body).toEqual({ companyId: 2, name: 'Relé', unit: 'un' });
  });

  it('takes a material out of use', async () => {
    const user = userEvent.setup();
    const calls = renderPage('admin', (method, url, body) =>
      method === 'PATCH' && url === '/api/admin/materials/3' ? json({ ...lamp, ...(body as object) }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Tirar de uso o material Lâmpada LED 100W' }));
    expect(await screen.findByText('Material Lâmpada LED 100W fora de uso')).toBeInTheDocument();
    expect(sent(calls, 'PATCH')).toEqual([{ method: 'PATCH', url: '/api/admin/materials/3', body: { active: false } }]);
  });

  it("shows a viewer the list without the controls, and keeps one company's list from the address", async () => {
    const calls = renderPage('viewer', undefined, '/admin/materials?companyId=2');
    expect(await screen.findByRole('row', { name: /Lâmpada LED 100W/ })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Adicionar material' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tirar de uso/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/admin/materials?companyId=2')).toBe(true);
  });
});
