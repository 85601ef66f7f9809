import enAccess from '@acende/shared/i18n/en/admin-access.json';
import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import enPoles from '@acende/shared/i18n/en/admin-poles.json';
import ptAccess from '@acende/shared/i18n/pt/admin-access.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import ptPoles from '@acende/shared/i18n/pt/admin-poles.json';
import type { AdminPole } from '@acende/shared/schemas/poles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import PoleFormPage from './pole-form-page.tsx';

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

const stored: AdminPole = {
  id: 7,
  companyId: 1,
  companyName: 'CEEE',
  number: 'A-1',
  latitude: -30.03,
  longitude: -51.23,
  street: 'Rua dos Andradas',
  description: null,
  active: true,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The form at `url`; a save answers `saved` (a response to send, or the pole echoed). */
function renderForm(url: string, saved?: () => Response) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    if (input.endsWith('/api/admin/profile')) {
      return json({ id: 1, username: 'a', name: 'A', email: null, role: 'admin', language: 'pt', companyIds: [] });
    }
    if (input.includes('energy-companies')) return json([{ id: 1, name: 'CEEE', active: true }]);
    if (init?.method === 'POST' || init?.method === 'PUT') {
      return saved ? saved() : json({ ...stored, ...JSON.parse(String(init.body)) });
    }
    return json(stored);
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      { path: '/admin/poles/new', element: <PoleFormPage /> },
      { path: '/admin/poles/:id', element: <PoleFormPage /> },
      { path: '/admin/poles', element: <p>list</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, fetch };
}

const sent = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT');

describe('pole form', () => {
  it('refuses an empty form under its fields, in either language, and sends nothing', async () => {
    const { fetch } = renderForm('/admin/poles/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O número do poste é obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText(/Número/)).toHaveAttribute('aria-invalid', 'true');
    await setLanguage('en');
    expect(await screen.findByText('The pole number is required')).toBeInTheDocument();
    expect(sent(fetch)).toHaveLength(0);
  });

  it('creates a pole from what was typed and goes back to the list; a refusal lands under its field', async () => {
    let refuse = true;
    const { router, fetch } = renderForm('/admin/poles/new', () =>
      refuse
        ? json({ message: 'Duplicado', errors: { number: 'Outro poste já tem este número' } }, 409)
        : json({ ...stored, number: 'E2E-1' }),
    );
    await screen.findByRole('option', { name: 'CEEE' });
    await userEvent.selectOptions(screen.getByLabelText(/Concessionária/), 'CEEE');
    await userEvent.type(screen.getByLabelText(/Número/), 'e2e 1');
    await userEvent.type(screen.getByLabelText(/Latitude/), '-30,0277');
    await userEvent.type(screen.getByLabelText(/Longitude/), '-51.2287');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Outro poste já tem este número')).toBeInTheDocument();
    const body = JSON.parse(String(sent(fetch)[0]?.[1]?.body));
    expect(body).toMatchObject({
      companyId: 1,
      number: 'E2E-1',
      latitude: -30.0277,
      longitude: -51.2287,
      active: true,
    });

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/poles'));
  });

  it('deactivates an existing pole only after the confirmation', async () => {
    const { fetch } = renderForm('/admin/poles/7');
    await userEvent.click(await screen.findByRole('button', { name: /Desativar/ }));
    expect(sent(fetch)).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Desativar' }));
    await vi.waitFor(() => expect(sent(fetch)).toHaveLength(1));
    expect(JSON.parse(String(sent(fetch)[0]?.[1]?.body))).toMatchObject({ number: 'A-1', active: false });
  });
});
