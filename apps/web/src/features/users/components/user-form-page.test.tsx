// The account form's field crew role (decision 0068): choosing it swaps the companies for a
// crew picker (active crews by company), the crew is required before anything is sent, and
// the payload carries the crew and no companies; the other roles send no crew.
import enAccess from '@acende/shared/i18n/en/admin-access.json';
import ptAccess from '@acende/shared/i18n/pt/admin-access.json';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { addCatalogue } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import UserFormPage from './user-form-page.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-access', ptAccess);
  addCatalogue('en', 'admin-access', enAccess);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const crew = (id: number, name: string, companyId: number, companyName: string, active = true) => ({
  id,
  companyId,
  companyName,
  name,
  active,
  createdAt: '2026-11-20T12:00:00.000Z',
});
const CREWS = [
  crew(4, 'Equipe Norte', 2, 'CEEE'),
  crew(5, 'Equipe Sul', 2, 'CEEE'),
  crew(6, 'Equipe Vale', 1, 'Certel'),
  crew(7, 'Equipe Antiga', 1, 'Certel', false),
];
const crewUser = {
  id: 30,
  username: 'equipe-antiga',
  name: 'Equipe Antiga',
  email: null,
  role: 'crew',
  active: true,
  companies: [{ id: 1, name: 'Certel' }],
  crewId: 7,
  crewName: 'Equipe Antiga',
  twoFactorEnabled: false,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
};

type Call = { method: string; url: string; body: unknown };

function renderForm(url: string) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: path, body });
      if (path === '/api/admin/profile') {
        return json({
          id: 1,
          username: 'rita',
          name: 'Rita',
          email: null,
          role: 'admin',
          language: 'pt',
          companyIds: [],
        });
      }
      if (path === '/api/admin/energy-companies') {
        return json([
          { id: 1, name: 'Certel', fullName: 'Certel Energia', active: true },
          { id: 2, name: 'CEEE', fullName: 'CEEE Equatorial', active: true },
        ]);
      }
      if (path === '/api/admin/crews') return json(CREWS);
      if (path === '/api/admin/users/30' && method === 'GET') return json(crewUser);
      if (method === 'POST' || method === 'PUT') return json({ ...crewUser, ...body }, method === 'POST' ? 201 : 200);
      return json({ message: 'unexpected' }, 500);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/admin/users/new', element: <UserFormPage /> },
      { path: '/admin/users/:id/edit', element: <UserFormPage /> },
      { path: '/admin/users', element: <p>Lista de usuários</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

const sent = (calls: Call[], method: string) => calls.filter((c) => c.method === method);

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/Nome de usuário/), 'equipe-norte');
  await user.type(screen.getByLabelText(/^Nome(?! de)/), 'Equipe Norte');
  await user.type(screen.getByLabelText(/^Senha/), 'senha-da-equipe');
}

describe('UserFormPage for a field crew account', () => {
  it('offers the role, swaps the companies for the active crews by company and requires one', async () => {
    const user = userEvent.setup();
    const calls = renderForm('/admin/users/new');
    await fillAccount(user);
    expect(screen.getByRole('group', { name: 'Concessionárias' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Perfil/), 'Equipe de campo');

    expect(screen.queryByRole('group', { name: 'Concessionárias' })).not.toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: /^Equipe/ });
    await within(picker).findByRole('option', { name: 'Equipe Norte (CEEE)' });
    const groups = within(picker).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['CEEE', 'Certel']);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Equipe Norte (CEEE)', 'Equipe Sul (CEEE)']);
    // A switched-off crew is not offered to a new account.
    expect(within(picker).queryByRole('option', { name: /Equipe Antiga/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha a equipe desta conta de equipe de campo')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user.selectOptions(picker, 'Equipe Sul (CEEE)');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lista de usuários')).toBeInTheDocument();
    expect(sent(calls, 'POST')[0]?.body).toMatchObject({
      username: 'equipe-norte',
      role: 'crew',
      crewId: 5,
      companies: [],
    });
  });

  it('sends no crew for another role, and keeps the switched-off crew an account already has', async () => {
    const user = userEvent.setup();
    const calls = renderForm('/admin/users/30/edit');
    const picker = await screen.findByRole('combobox', { name: /^Equipe/ });
    await within(picker).findByRole('option', { name: 'Equipe Antiga (Certel) (desativada)' });
    expect(picker).toHaveValue('7');

    await user.selectOptions(screen.getByLabelText(/Perfil/), 'Usuário');
    expect(screen.queryByRole('combobox', { name: /^Equipe/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: /Certel/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lista de usuários')).toBeInTheDocument();
    expect(sent(calls, 'PUT')[0]?.body).toMatchObject({ role: 'user', crewId: null });
  });
});
