// A field crew account (decision 0068) lands in the field app at /campo: after the password,
// after the two-factor code, after an e-mailed link, and from any admin screen but its own
// password and two-factor, where the navigation shows just those two.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import AdminApp from './admin-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const crewProfile = {
  id: 9,
  username: 'equipe-norte',
  name: 'Equipe Norte',
  email: null,
  role: 'crew',
  language: 'pt',
  companyIds: [2],
  crewId: 4,
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
};

type Handler = (method: string, url: string) => Response | undefined;

function renderAt(path: string, handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => handler(init?.method ?? 'GET', url) ?? new Promise(() => {})),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="/campo" element={<h1>App de campo</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The sign-in's answers: not signed in until `step` answers the profile. */
function signingIn(step: (method: string, url: string) => 'profile' | 'code' | undefined): Handler {
  let signedIn = false;
  return (method, url) => {
    if (url === '/api/admin/profile') return signedIn ? json(crewProfile) : json({ message: 'x' }, 401);
    const answer = step(method, url);
    if (answer === 'code') return json({ twoFactorRequired: true }, 202);
    if (answer === 'profile') {
      signedIn = true;
      return json(crewProfile);
    }
    return undefined;
  };
}

async function typePassword() {
  await userEvent.type(await screen.findByLabelText('Nome de usuário'), 'equipe-norte');
  await userEvent.type(screen.getByLabelText('Senha'), 'segredo');
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('a field crew account in the admin app', () => {
  it('goes to /campo after the password, even when a sign-in was asked from an admin screen', async () => {
    renderAt(
      '/admin/requests',
      signingIn((method, url) => (method === 'POST' && url === '/api/admin/login' ? 'profile' : undefined)),
    );
    await typePassword();
    expect(await screen.findByRole('heading', { name: 'App de campo' })).toBeInTheDocument();
  });

  it('goes to /campo after the two-factor code', async () => {
    renderAt(
      '/admin/login',
      signingIn((method, url) => {
        if (method === 'POST' && url === '/api/admin/login') return 'code';
        if (method === 'POST' && url === '/api/admin/login/two-factor') return 'profile';
        return undefined;
      }),
    );
    await typePassword();
    await userEvent.type(await screen.findByLabelText('Código de verificação'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'App de campo' })).toBeInTheDocument();
  });

  it('goes to /campo after the e-mailed sign-in link', async () => {
    renderAt(
      '/admin/sign-in-link/abc',
      signingIn((method, url) => (method === 'POST' && url === '/api/admin/login/link' ? 'profile' : undefined)),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'App de campo' })).toBeInTheDocument();
  });

  it('is sent from any other admin screen to /campo', async () => {
    renderAt('/admin/dashboard', (_method, url) => (url === '/api/admin/profile' ? json(crewProfile) : undefined));
    expect(await screen.findByRole('heading', { name: 'App de campo' })).toBeInTheDocument();
  });

  it('keeps its own password and two-factor screens, the only links of its navigation', async () => {
    renderAt('/admin/change-password', (_method, url) =>
      url === '/api/admin/profile' ? json(crewProfile) : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Alterar senha' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navegação da administração' });
    for (const group of within(nav).queryAllByRole('button', { expanded: false })) await userEvent.click(group);
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href?.startsWith('/admin/'));
    expect(links.sort()).toEqual(['/admin/change-password', '/admin/security']);
  });
});
