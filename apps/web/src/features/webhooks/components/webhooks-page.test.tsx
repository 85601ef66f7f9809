import enIntegrations from '@acende/shared/i18n/en/admin-integrations.json';
import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import ptIntegrations from '@acende/shared/i18n/pt/admin-integrations.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import type { WebhookDelivery, WebhookEndpoint } from '@acende/shared/schemas/webhooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import WebhooksPage from './webhooks-page.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-integrations', ptIntegrations);
  addCatalogue('pt', 'admin-operations', ptOperations);
  addCatalogue('en', 'admin-integrations', enIntegrations);
  addCatalogue('en', 'admin-operations', enOperations);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const endpoint: WebhookEndpoint = {
  id: 5,
  companyId: 2,
  companyName: 'CEEE Equatorial',
  url: 'https://sistema.ceee.example/acende',
  description: 'SAP PM',
  events: ['request.changed', 'request.completed'],
  active: true,
  secretPrefix: 'whsec_MfKQ',
  createdAt: '2026-11-20T12:00:00.000Z',
  createdBy: 'admin',
  pending: 1,
  dead: 2,
  lastDeliveredAt: null,
};

const dead: WebhookDelivery = {
  id: 7,
  endpointId: 5,
  endpointUrl: endpoint.url,
  companyName: endpoint.companyName,
  messageId: 'msg_2abc',
  eventType: 'request.changed',
  requestId: 42,
  state: 'dead',
  attempts: 9,
  createdAt: '2026-11-20T12:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  lastStatus: 500,
  lastError: 'O sistema respondeu 500: Internal Server Error',
};

type Handler = (method: string, url: string, body: unknown) => Response | undefined;

/** The API as these tests need it; `handler` answers first, anything it leaves is the default. */
function renderPage(handler: Handler = () => undefined) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const answer = handler(method, url, body);
      if (answer) return answer;
      if (url === '/api/admin/webhooks') return json([endpoint]);
      if (url.startsWith('/api/admin/webhooks/deliveries?')) return json({ items: [dead], total: 1 });
      if (url === '/api/admin/energy-companies') {
        return json([
          { id: 2, name: 'CEEE', fullName: 'CEEE Equatorial', active: true },
          { id: 3, name: 'RGE', fullName: 'RGE Sul', active: true },
        ]);
      }
      return json({ message: 'unexpected' }, 500);
    }),
  );
  const router = createMemoryRouter([{ path: '/admin/webhooks', element: <WebhooksPage /> }], {
    initialEntries: ['/admin/webhooks'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

const posts = (calls: { method: string; url: string; body: unknown }[], url: string) =>
  calls.filter((call) => call.method === 'POST' && call.url === url);

describe('WebhooksPage', () => {
  it('lists each endpoint with its events in words, its state and its deliveries', async () => {
    renderPage();
    const list = await screen.findByRole('region', { name: 'Webhooks' });
    const row = within(list).getByRole('row', { name: /CEEE Equatorial/ });
    expect(row).toHaveTextContent('https://sistema.ceee.example/acende');
    expect(row).toHaveTextContent('Solicitação alterada');
    expect(row).toHaveTextContent('Reparo concluído');
    expect(row).toHaveTextContent('Ativo');
    expect(row).toHaveTextContent('Nunca');
  });

  it('checks the form with the shared schema and posts nothing until it is right', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Adicionar webhook' }));
    await user.click(screen.getByRole('button', { name: 'Salvar webhook' }));
    expect(await screen.findByText('A concessionária é obrigatória')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Endereço \(URL\)/ })).toHaveAccessibleDescription(
      expect.stringContaining('Informe um endereço http:// ou https://'),
    );
    expect(screen.getByRole('group', { name: /Eventos/ })).toHaveAccessibleDescription(
      expect.stringContaining('Escolha ao menos um evento'),
    );
    await user.type(screen.getByRole('textbox', { name: /Endereço \(URL\)/ }), 'https://user:senha@erp.example/x');
    await user.click(screen.getByRole('button', { name: 'Salvar webhook' }));
    expect(screen.getByRole('textbox', { name: /Endereço \(URL\)/ })).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls, '/api/admin/webhooks')).toEqual([]);
  });

  it('shows the secret once after adding, and not again once put away', async () => {
    const user = userEvent.setup();
    const calls = renderPage((method, url, body) =>
      method === 'POST' && url === '/api/admin/webhooks'
        ? json({ ...endpoint, id: 6, companyId: 3, companyName: 'RGE Sul', ...(body as object), secret: SECRET }, 201)
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Adicionar webhook' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: /Concessionária/ }), 'RGE Sul');
    await user.type(screen.getByRole('textbox', { name: /Endereço \(URL\)/ }), 'https://erp.rge.example/hooks');
    await user.click(screen.getByRole('checkbox', { name: 'Solicitação alterada' }));
    await user.click(screen.getByRole('checkbox', { name: 'Solicitação registrada' }));
    await user.click(screen.getByRole('button', { name: 'Salvar webhook' }));

    const shown = await screen.findByRole('textbox', { name: 'Segredo de assinatura' });
    expect(shown).toHaveValue(SECRET);
    expect(
      screen.getByRole('heading', { name: /Segredo de assinatura de https:\/\/erp.rge.example\/hooks/ }),
    ).toHaveFocus();
    expect(posts(calls, '/api/admin/webhooks')[0]?.body).toEqual({
      companyId: 3,
      url: 'https://erp.rge.example/hooks',
      // In the list's order, whatever the order they were ticked in.
      events: ['request.filed', 'request.changed'],
      description: null,
    });
    await user.click(screen.getByRole('button', { name: 'Já copiei o segredo' }));
    expect(screen.queryByRole('textbox', { name: 'Segredo de assinatura' })).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it("puts the server's field errors under their fields", async () => {
    const refused = 'O endereço aponta para uma rede interna: use um endereço público';
    renderPage((method) => (method === 'POST' ? json({ message: refused, errors: { url: refused } }, 400) : undefined));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adicionar webhook' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: /Concessionária/ }), 'RGE Sul');
    await user.type(screen.getByRole('textbox', { name: /Endereço \(URL\)/ }), 'http://10.0.0.8/hooks');
    await user.click(screen.getByRole('checkbox', { name: 'Reparo concluído' }));
    await user.click(screen.getByRole('button', { name: 'Salvar webhook' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Endereço \(URL\)/ })).toHaveAccessibleDescription(
        expect.stringContaining(refused),
      ),
    );
    expect(screen.queryByRole('textbox', { name: 'Segredo de assinatura' })).toBeNull();
  });

  it('rotates the secret only once confirmed, and shows the new one', async () => {
    const user = userEvent.setup();
    const calls = renderPage((method, url) =>
      method === 'POST' && url === '/api/admin/webhooks/5/secret'
        ? json({ ...endpoint, secretPrefix: 'whsec_Zz90', secret: 'whsec_Zz90new' })
        : undefined,
    );
    const rotate = `Trocar o segredo: ${endpoint.url}`;
    await user.click(await screen.findByRole('button', { name: rotate }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(posts(calls, '/api/admin/webhooks/5/secret')).toEqual([]);
    await user.click(screen.getByRole('button', { name: rotate }));
    const dialog = await screen.findByRole('alertdialog', { name: `Trocar o segredo de ${endpoint.url}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Trocar o segredo' }));
    expect(await screen.findByRole('textbox', { name: 'Segredo de assinatura' })).toHaveValue('whsec_Zz90new');
    expect(posts(calls, '/api/admin/webhooks/5/secret')).toHaveLength(1);
  });

  it('turns an endpoint off with a PATCH', async () => {
    const user = userEvent.setup();
    const calls = renderPage((method) => (method === 'PATCH' ? json({ ...endpoint, active: false }) : undefined));
    await user.click(await screen.findByRole('button', { name: `Desativar: ${endpoint.url}` }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toEqual({
        method: 'PATCH',
        url: '/api/admin/webhooks/5',
        body: { active: false },
      }),
    );
    expect(await screen.findAllByText('Webhook desativado: os avisos deixam de ser enviados')).not.toHaveLength(0);
  });

  it('lists the failed deliveries and replays one, saying so', async () => {
    const user = userEvent.setup();
    const calls = renderPage((method, url) =>
      method === 'POST' && url === '/api/admin/webhooks/deliveries/7/replay'
        ? json({ ...dead, state: 'pending', nextAttemptAt: '2026-11-20T12:01:00.000Z' })
        : undefined,
    );
    const table = await screen.findByRole('region', { name: 'Entregas com falha' });
    const row = within(table).getByRole('row', { name: /Solicitação alterada/ });
    expect(within(row).getByRole('link', { name: 'Nº 42' })).toHaveAttribute('href', '/admin/requests/42');
    expect(row).toHaveTextContent('9');
    expect(row).toHaveTextContent('HTTP 500');
    expect(row).toHaveTextContent('O sistema respondeu 500: Internal Server Error');
    expect(calls.some((call) => call.url === '/api/admin/webhooks/deliveries?state=dead')).toBe(true);

    await user.click(within(row).getByRole('button', { name: /^Reenviar/ }));
    expect(await screen.findByText('Entrega reenviada: a nova tentativa sai em instantes')).toBeInTheDocument();
    expect(posts(calls, '/api/admin/webhooks/deliveries/7/replay')).toHaveLength(1);
  });

  it('filters the deliveries by state and endpoint', async () => {
    const user = userEvent.setup();
    const calls = renderPage((_method, url) =>
      url.startsWith('/api/admin/webhooks/deliveries?state=delivered') ? json({ items: [], total: 0 }) : undefined,
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Mostrar' }), 'Entregues');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Webhook' }), `CEEE Equatorial: ${endpoint.url}`);
    expect(await screen.findByRole('heading', { name: 'Entregas feitas' })).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma entrega feita ainda.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/admin/webhooks/deliveries?state=delivered&endpointId=5')).toBe(true);
  });

  it('speaks English when asked', async () => {
    await setLanguage('en');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Failed deliveries' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Replay Request changed/ })).toBeInTheDocument();
  });
});
