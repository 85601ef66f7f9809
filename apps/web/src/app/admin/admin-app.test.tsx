import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster.tsx';
import { i18n } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import AdminApp from './admin-app.tsx';
import { adminRoutes, NAV_LABELS, NAV_ORDER } from './admin-routes.tsx';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Handler = (method: string, url: string) => Response | Promise<Response> | undefined;

function renderAdmin(path: string, handler: Handler) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      const answer = handler(method, url);
      return answer ?? new Promise<Response>(() => {});
    }),
  );
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

const profile = (role: 'admin' | 'user' | 'viewer') => ({
  id: 7,
  username: `${role}-x`,
  name: `Conta ${role}`,
  email: null,
  role,
  language: 'pt',
  companyIds: [],
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
});

/** Unfolds every group of the navigation, so that all its links are shown. */
async function unfoldAll(nav: HTMLElement) {
  for (const group of within(nav).getAllByRole('button', { expanded: false })) await userEvent.click(group);
}

const withProfile =
  (role: 'admin' | 'user' | 'viewer', more: Handler = () => undefined): Handler =>
  (method, url) =>
    url === '/api/admin/profile' ? json(profile(role)) : more(method, url);

describe('admin app', () => {
  it('shows a spinner while the profile loads', () => {
    renderAdmin('/admin/dashboard', () => undefined);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
  });

  it('sends an anonymous visitor to the sign-in screen', async () => {
    renderAdmin('/admin/users', (_m, url) => (url === '/api/admin/profile' ? json({ message: 'x' }, 401) : undefined));
    expect(await screen.findByRole('heading', { name: 'Acesso administrativo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute(
      'href',
      '/admin/request-password-reset',
    );
  });

  it('signs in and comes back to the screen that asked for it', async () => {
    let signedIn = false;
    const calls = renderAdmin('/admin/change-password', (method, url) => {
      if (url === '/api/admin/profile') return signedIn ? json(profile('user')) : json({ message: 'x' }, 401);
      if (method === 'POST' && url === '/api/admin/login') {
        signedIn = true;
        return json(profile('user'));
      }
      return undefined;
    });
    await userEvent.type(await screen.findByLabelText('Nome de usuário'), 'user-x');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Alterar senha' })).toBeInTheDocument();
    expect(calls).toContain('POST /api/admin/login');
  });

  it('asks for the code after the password, offers a recovery code instead, and signs in with it', async () => {
    let signedIn = false;
    const sent: unknown[] = [];
    renderAdmin('/admin/change-password', (method, url) => {
      if (url === '/api/admin/profile') return signedIn ? json(profile('user')) : json({ message: 'x' }, 401);
      if (method === 'POST' && url === '/api/admin/login') return json({ twoFactorRequired: true }, 202);
      if (method === 'POST' && url === '/api/admin/login/two-factor') {
        signedIn = true;
        return json(profile('user'));
      }
      return undefined;
    });
    await userEvent.type(await screen.findByLabelText('Nome de usuário'), 'user-x');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeInTheDocument();
    const code = screen.getByLabelText('Código de verificação');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Usar um código de recuperação' }));
    const recovery = screen.getByLabelText('Código de recuperação');
    await userEvent.type(recovery, 'abcde-fghij');
    vi.mocked(fetch).mockImplementationOnce(async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      signedIn = true;
      return json(profile('user'));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Alterar senha' })).toBeInTheDocument();
    expect(sent).toEqual([{ code: 'abcde-fghij' }]);
  });

  it('sends an admin who must set up two-factor to the account security screen, from any screen', async () => {
    renderAdmin('/admin/users', (_method, url) => {
      if (url === '/api/admin/profile') return json({ ...profile('admin'), twoFactorSetupRequired: true });
      if (url === '/api/admin/two-factor') return json({ enabled: false, recoveryCodesLeft: 0, required: true });
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Segurança da conta', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/obrigatória para administradores/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Usuários' })).not.toBeInTheDocument();
  });

  it("resets another account's second factor from the users list after a confirmation", async () => {
    const user = (id: number, username: string, twoFactorEnabled: boolean) => ({
      id,
      username,
      name: username,
      email: null,
      role: 'user',
      active: true,
      companies: [],
      twoFactorEnabled,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    let reset = false;
    const calls = renderAdmin(
      '/admin/users',
      withProfile('admin', (method, url) => {
        if (method === 'GET' && url.startsWith('/api/admin/users?')) {
          const items = [user(7, 'admin-x', true), user(8, 'bia', !reset), user(9, 'caio', false)];
          return json({ items, total: 3, page: 1, pageSize: 20 });
        }
        if (method === 'POST' && url === '/api/admin/users/8/two-factor/reset') {
          reset = true;
          return new Response(null, { status: 204 });
        }
        return undefined;
      }),
    );
    // Only for another account that has it on: not for oneself, not for an account without it.
    const button = await screen.findByRole('button', { name: 'Redefinir a verificação em duas etapas de bia' });
    expect(screen.queryByRole('button', { name: /duas etapas de admin-x/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /duas etapas de caio/ })).not.toBeInTheDocument();
    await userEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Redefinir a verificação em duas etapas?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redefinir' }));
    expect(await screen.findByText('Verificação em duas etapas redefinida', { exact: true })).toBeInTheDocument();
    expect(calls).toContain('POST /api/admin/users/8/two-factor/reset');
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: /duas etapas de bia/ })).not.toBeInTheDocument(),
    );
  });

  it('toasts the server message when signing in fails', async () => {
    renderAdmin('/admin/login', (method, url) => {
      if (url === '/api/admin/profile') return json({ message: 'x' }, 401);
      if (method === 'POST') return json({ message: 'Credenciais inválidas. Tente novamente.' }, 401);
      return undefined;
    });
    await userEvent.type(await screen.findByLabelText('Nome de usuário'), 'x');
    await userEvent.type(screen.getByLabelText('Senha'), 'y');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Falha no login', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Credenciais inválidas. Tente novamente.', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Acesso administrativo' })).toBeInTheDocument();
  });

  it('sends a user account away from admin-only screens and hides them from its navigation', async () => {
    renderAdmin('/admin/users', withProfile('user'));
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navegação da administração' });
    await unfoldAll(nav);
    expect(within(nav).queryByRole('link', { name: 'Usuários' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Alterar senha' })).toHaveAttribute('href', '/admin/change-password');
    expect(screen.getByText('Conta user')).toBeInTheDocument();
    expect(screen.getByText('Usuário')).toBeInTheDocument();
  });

  it('shows every screen to an admin, in the navigation order', async () => {
    renderAdmin('/admin/dashboard', withProfile('admin'));
    const nav = await screen.findByRole('navigation', { name: 'Navegação da administração' });
    await unfoldAll(nav);
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    const expected = NAV_ORDER.filter((key) => adminRoutes.some((r) => r.navKey === key)).map((key) =>
      i18n.t(NAV_LABELS[key]),
    );
    expect(labels).toEqual([...expected, 'Ir para o site público']);
    expect(labels).toEqual(expect.arrayContaining(['Painel', 'Usuários', 'Alterar senha']));
  });

  it('hides every admin-only screen from a viewer', async () => {
    renderAdmin('/admin/dashboard', withProfile('viewer'));
    const nav = await screen.findByRole('navigation', { name: 'Navegação da administração' });
    await unfoldAll(nav);
    for (const route of adminRoutes) {
      if (!route.navKey) continue;
      const link = within(nav).queryByRole('link', { name: i18n.t(NAV_LABELS[route.navKey]) });
      if (route.level === 'admin') expect(link, route.path).toBeNull();
      else expect(link, route.path).not.toBeNull();
    }
  });

  it('toasts "Erro ao fazer logout" when signing out fails, and signs out otherwise', async () => {
    let logoutWorks = false;
    renderAdmin(
      '/admin/dashboard',
      withProfile('viewer', (method, url) => {
        if (method === 'POST' && url === '/api/admin/logout') {
          return logoutWorks ? new Response(null, { status: 204 }) : json({ message: 'falhou' }, 500);
        }
        return undefined;
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Erro ao fazer logout', { exact: true })).toBeInTheDocument();
    logoutWorks = true;
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { name: 'Acesso administrativo' })).toBeInTheDocument();
  });

  it('goes to the sign-in screen when a call finds the session ended', async () => {
    renderAdmin(
      '/admin/users',
      withProfile('admin', (_m, url) =>
        url.startsWith('/api/admin/users') ? json({ message: 'É preciso entrar para continuar' }, 401) : undefined,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Acesso administrativo' })).toBeInTheDocument();
  });

  it('validates the change-password form with the spec messages', async () => {
    const calls = renderAdmin('/admin/change-password', withProfile('viewer'));
    await userEvent.click(await screen.findByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('A senha atual é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('A nova senha deve ter pelo menos 6 caracteres')).toBeInTheDocument();
    expect(screen.getByText('A confirmação da senha é obrigatória')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Senha atual'), 'atual');
    await userEvent.type(screen.getByLabelText('Nova senha'), 'nova-senha');
    await userEvent.type(screen.getByLabelText('Confirmar nova senha'), 'diferente');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('As senhas não coincidem')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmar nova senha')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).not.toContain('POST /api/admin/change-password');
  });
});

describe('admin header and menu', () => {
  /** The phone menu, opened by its button. */
  async function openMenu() {
    renderAdmin('/admin/my-account', withProfile('user'));
    await screen.findByTestId('signed-in-as');
    const menu = screen.getByRole('button', { name: /Menu/ });
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    return menu;
  }

  it('names the signed-in account once, and Escape in the menu closes it and returns focus to its button', async () => {
    const menu = await openMenu();
    const signedIn = screen.getByTestId('signed-in-as');
    expect(signedIn.textContent?.split('Conta user').length).toBe(2);
    expect(signedIn).toHaveTextContent('Conectado como Conta user');
    const nav = screen.getByRole('navigation', { name: 'Navegação da administração' });
    // Tab on from the button into the menu, as a keyboard user would.
    for (let i = 0; i < 10 && !nav.contains(document.activeElement); i += 1) await userEvent.tab();
    expect(within(nav).getByRole('button', { name: 'Atendimento' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('leaves the menu open when Escape is for another control', async () => {
    const menu = await openMenu();
    const date = document.createElement('input');
    date.type = 'date';
    date.setAttribute('aria-label', 'Data');
    document.body.append(date);
    try {
      date.focus();
      await userEvent.keyboard('{Escape}');
      expect(menu).toHaveAttribute('aria-expanded', 'true');
      expect(date).toHaveFocus();
    } finally {
      date.remove();
    }
  });

  it('leaves the menu open when something else has already handled the Escape', async () => {
    const menu = await openMenu();
    // As a dialog layer does: it takes Escape first (capture phase) and marks it handled.
    const dialogLayer = (event: KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault();
    };
    document.addEventListener('keydown', dialogLayer, true);
    try {
      (document.activeElement as HTMLElement | null)?.blur();
      await userEvent.keyboard('{Escape}');
      expect(menu).toHaveAttribute('aria-expanded', 'true');
    } finally {
      document.removeEventListener('keydown', dialogLayer, true);
    }
  });
});
