import enIntegrations from '@acende/shared/i18n/en/admin-integrations.json';
import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import ptIntegrations from '@acende/shared/i18n/pt/admin-integrations.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import type { IntegrationKey } from '@acende/shared/schemas/integrations';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import IntegrationKeysPage from './integration-keys-page.tsx';

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
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const KEY = 'acende_int_MfKQ9r8GKYqrTwjUPD8ILPZI';
const active: IntegrationKey = {
  id: 4,
  companyId: 2,
  companyName: 'CERTEL',
  name: 'SAP PM',
  keyPrefix: 'acende_int_MfKQ',
  createdAt: '2026-11-20T12:00:00.000Z',
  createdBy: 'admin',
  revokedAt: null,
  lastUsedAt: null,
};
const companies = [
  { id: 1, name: 'CEEE', fullName: 'CEEE Equatorial', active: true },
  { id: 2, name: 'CERTEL', fullName: 'Certel Energia', active: true },
];

type Handler = (method: string, url: string, body: unknown) => Response | undefined;

function renderPage(keys: IntegrationKey[] | 'error', handler: Handler = () => undefined) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const answer = handler(method, url, body);
      if (answer) return answer;
      if (url.endsWith('/api/admin/energy-companies')) return json(companies);
      if (url.endsWith('/api/admin/integration-keys') && method === 'GET') {
        return keys === 'error' ? json({ message: 'Erro' }, 500) : json(keys);
      }
      return json({ message: 'not found' }, 404);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntegrationKeysPage />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

describe('IntegrationKeysPage', () => {
  it('lists keys with their company, start and state; a revoked key has no revoke button', async () => {
    renderPage([active, { ...active, id: 3, name: 'Campo', revokedAt: '2026-11-21T12:00:00.000Z' }]);
    const row = (await screen.findByText('SAP PM')).closest('tr') as HTMLElement;
    expect(within(row).getByText('CERTEL')).toBeInTheDocument();
    expect(within(row).getByText('acende_int_MfKQ…')).toBeInTheDocument();
    expect(within(row).getByText('Nunca')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Revogar: SAP PM' })).toBeInTheDocument();
    const revoked = screen.getByText('Campo').closest('tr') as HTMLElement;
    expect(within(revoked).queryByRole('button')).toBeNull();
    expect(within(revoked).getByText(/^Revogada em/)).toBeInTheDocument();
  });

  it('says so when there is no key', async () => {
    renderPage([]);
    expect(await screen.findByText('Nenhuma chave de integração emitida ainda.')).toBeInTheDocument();
  });

  it('shows a failed list with a retry', async () => {
    renderPage('error');
    expect(await screen.findByRole('button', { name: /tentar/i })).toBeInTheDocument();
  });

  it('issues a key for the chosen company and shows it once, focused, until dismissed', async () => {
    const issued = { ...active, id: 9, name: 'Campo Certel', key: KEY };
    const calls = renderPage([], (method, url) =>
      method === 'POST' && url.endsWith('/api/admin/integration-keys') ? json(issued, 201) : undefined,
    );
    const company = await screen.findByLabelText('Concessionária');
    await waitFor(() => expect(within(company).getByRole('option', { name: 'CERTEL' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Emitir chave' }));
    // Nothing chosen: the form refuses before any call.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.selectOptions(company, 'CERTEL');
    await userEvent.type(screen.getByLabelText(/Nome do sistema/), 'Campo Certel');
    await userEvent.click(screen.getByRole('button', { name: 'Emitir chave' }));
    const heading = await screen.findByRole('heading', { name: 'Chave emitida para Campo Certel' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByDisplayValue(KEY)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ companyId: 2, name: 'Campo Certel' });
    await userEvent.click(screen.getByRole('button', { name: 'Já copiei a chave' }));
    expect(screen.queryByDisplayValue(KEY)).toBeNull();
  });

  it('revokes a key after confirming, in English too', async () => {
    await setLanguage('en');
    const calls = renderPage([active], (method, url) =>
      method === 'POST' && url.endsWith('/api/admin/integration-keys/4/revoke')
        ? json({ ...active, revokedAt: '2026-11-30T12:00:00.000Z' })
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke: SAP PM' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the key of SAP PM?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/integration-keys/4/revoke'))).toBe(true));
  });
});
