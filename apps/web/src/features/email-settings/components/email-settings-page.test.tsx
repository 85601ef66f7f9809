import enAdminEmail from '@acende/shared/i18n/en/admin-email.json';
import ptAdminEmail from '@acende/shared/i18n/pt/admin-email.json';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import EmailSettingsPage from './email-settings-page.tsx';

beforeAll(async () => {
  addCatalogue('pt', 'admin-email', ptAdminEmail);
  addCatalogue('en', 'admin-email', enAdminEmail);
  await setLanguage('pt');
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const saved = {
  enabled: true,
  host: 'smtp.example.com',
  port: 587,
  secure: false,
  auth: { user: 'mailer', pass: '********' },
  from: 'Acende <no-reply@example.com>',
};

function renderPage(handler: (method: string, url: string, body: unknown) => Response | undefined) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      return handler(method, url, body) ?? new Promise<Response>(() => {});
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EmailSettingsPage />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

describe('EmailSettingsPage', () => {
  it('shows the three tabs and sends the password placeholder back unchanged on save', async () => {
    const user = userEvent.setup();
    const calls = renderPage((method, _url, body) => (method === 'GET' ? json(saved) : json(body)));
    expect(await screen.findByRole('tab', { name: 'Geral' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Servidor SMTP' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Autenticação' }));
    expect(screen.getByLabelText('Senha')).toHaveValue('********');
    await user.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/admin/email-settings');
    expect(post?.body).toEqual(saved);
  });

  it('suggests port 465 when the secure connection is turned on', async () => {
    const user = userEvent.setup();
    renderPage(() => json(saved));
    await user.click(await screen.findByRole('tab', { name: 'Servidor SMTP' }));
    const port = screen.getByRole('spinbutton', { name: 'Porta' });
    await user.click(screen.getByLabelText('Conexão segura (SSL/TLS)'));
    expect(port).toHaveValue(465);
    await user.click(screen.getByLabelText('Conexão segura (SSL/TLS)'));
    expect(port).toHaveValue(587);
    await user.clear(port);
    await user.type(port, '2525');
    await user.click(screen.getByLabelText('Conexão segura (SSL/TLS)'));
    expect(screen.getByText('Conexões seguras costumam usar a porta 465.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Usar a porta 465' }));
    expect(port).toHaveValue(465);
  });

  it('refuses to save an enabled configuration without its required fields, and posts nothing', async () => {
    const user = userEvent.setup();
    const calls = renderPage(() =>
      json({ enabled: false, host: '', port: 587, secure: false, auth: { user: '', pass: '' }, from: '' }),
    );
    await user.click(await screen.findByLabelText('Enviar e-mails'));
    await user.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findAllByText('Preencha todos os campos obrigatórios antes de salvar.')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('checks the test recipient before sending', async () => {
    const user = userEvent.setup();
    const calls = renderPage(() => json(saved));
    await user.type(await screen.findByLabelText('Destinatário'), 'ninguem');
    await user.click(screen.getByRole('button', { name: 'Enviar e-mail de teste' }));
    expect(await screen.findAllByText('O endereço de e-mail informado não é válido.')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows on the Password field when the server asks for the password for another server', async () => {
    const user = userEvent.setup();
    const passwordRequired =
      'Digite a senha SMTP: a senha salva só é usada com o servidor, a porta, a conexão segura e o usuário salvos.';
    renderPage((method) =>
      method === 'GET'
        ? json(saved)
        : json({ message: passwordRequired, errors: { 'settings.auth.pass': passwordRequired } }, 400),
    );
    await user.click(await screen.findByRole('tab', { name: 'Servidor SMTP' }));
    await user.clear(screen.getByRole('textbox', { name: 'Servidor SMTP' }));
    await user.type(screen.getByRole('textbox', { name: 'Servidor SMTP' }), 'smtp.elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Testar conexão' }));
    expect(await screen.findByRole('tab', { name: 'Autenticação' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(expect.stringContaining(passwordRequired));
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells when the settings cannot be loaded and offers to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage(() => (fail ? json({ message: 'Acesso negado' }, 500) : json(saved)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar as configurações de e-mail');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Geral' })).toBeInTheDocument());
  });
});
