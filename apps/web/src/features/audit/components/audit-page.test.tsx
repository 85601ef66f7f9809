import enAccess from '@acende/shared/i18n/en/admin-access.json';
import ptAccess from '@acende/shared/i18n/pt/admin-access.json';
import type { AuditList } from '@acende/shared/schemas/audit';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import AuditPage from './audit-page.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-access', ptAccess);
  addCatalogue('en', 'admin-access', enAccess);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const PAGE_ONE: AuditList = {
  items: [
    {
      id: 9,
      createdAt: '2026-11-20T12:00:00.000Z',
      actorId: 3,
      actorUsername: 'ana',
      ip: '203.0.113.7',
      kind: 'request.update',
      objectType: 'request',
      objectId: '42',
      before: { status: 'open', notes: null },
      after: { status: 'in_progress', notes: 'Equipe a caminho' },
    },
    {
      id: 8,
      createdAt: '2026-11-20T11:00:00.000Z',
      actorId: null,
      actorUsername: 'ghost',
      ip: '198.51.100.1',
      kind: 'auth.login.failed',
      objectType: null,
      objectId: null,
      before: null,
      after: { reason: 'credentials' },
    },
  ],
  nextCursor: 'CURSOR-2',
};

function renderPage(url = '/admin/audit') {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      if (input.startsWith('/api/admin/audit/accounts')) return json([{ id: 3, username: 'ana', name: 'Ana' }]);
      const cursor = new URL(input, 'http://x').searchParams.get('cursor');
      return json(cursor ? { items: [], nextCursor: null } : PAGE_ONE);
    }),
  );
  const router = createMemoryRouter([{ path: '/admin/audit', element: <AuditPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, calls };
}

describe('audit page', () => {
  it('shows who, where and what, and a change as field → before → after', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    const update = rows[0] as HTMLElement;
    expect(update).toHaveTextContent('request.update');
    expect(update).toHaveTextContent('203.0.113.7');
    await userEvent.click(within(update).getByText(/Ver alterações/));
    const befores = within(update)
      .getAllByTestId('audit-before')
      .map((e) => e.textContent);
    const afters = within(update)
      .getAllByTestId('audit-after')
      .map((e) => e.textContent);
    expect(befores).toEqual(['open', '(vazio)']);
    expect(afters).toEqual(['in_progress', 'Equipe a caminho']);
    // A stranger's failed sign-in says so.
    expect(rows[1]).toHaveTextContent('ghost (desconhecido)');
  });

  it('puts the filters in the URL and asks the API with them; older pages by the cursor', async () => {
    const { router, calls } = renderPage();
    await screen.findAllByTestId('audit-row');
    await userEvent.type(screen.getByLabelText('Tipo'), 'user.');
    await userEvent.selectOptions(screen.getByLabelText('Conta'), 'ana (Ana)');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    // react-hook-form applies after its check (a microtask): wait for the URL and the call.
    await waitFor(() => expect(router.state.location.search).toBe('?actorId=3&kind=user.'));
    await waitFor(() =>
      expect(calls.some((c) => c.startsWith('/api/admin/audit?actorId=3&kind=user.&pageSize=20'))).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mais antigos' }));
    expect(router.state.location.search).toBe('?actorId=3&kind=user.&cursor=CURSOR-2');
    expect(await screen.findByText('Nenhum registro com esses filtros.')).toBeInTheDocument();
  });

  it('refuses a filter the API would refuse under its field, in either language, and keeps the URL', async () => {
    const { router, calls } = renderPage();
    await screen.findAllByTestId('audit-row');
    const asked = calls.length;
    await userEvent.type(screen.getByLabelText('Tipo'), 'User Update');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText(/^Tipo inválido: letras minúsculas/)).toBeInTheDocument();
    expect(screen.getByLabelText('Tipo')).toHaveAttribute('aria-invalid', 'true');
    await setLanguage('en');
    expect(await screen.findByText(/^Invalid kind: lower-case words/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(calls.slice(asked).filter((c) => c.startsWith('/api/admin/audit?'))).toEqual([]);
  });
});
