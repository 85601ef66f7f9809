// Marking a request as a duplicate: the number is checked with the route's schema before it
// is sent, the server's refusal shows under the field, and a suggestion fills the number.
import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DuplicatePanel } from './duplicate-panel.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-operations', ptOperations);
  addCatalogue('en', 'admin-operations', enOperations);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const request = {
  id: 42,
  status: 'open',
  followerCount: 0,
  duplicateOfId: null,
  duplicateIds: [],
  updatedAt: '2026-11-20T12:00:00.000Z',
} as unknown as AdminRequestDetail;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPanel() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input.endsWith('/duplicate-candidates')) {
        return json({ items: [{ id: 7, problemType: 'LAMP_OFF', status: 'open', distance: 12 }] });
      }
      if (input.endsWith('/42/duplicate') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        if (body.originalId === 42) {
          return json(
            { message: 'Recusada', errors: { originalId: 'Uma solicitação não pode ser duplicata de si mesma' } },
            400,
          );
        }
        return json({ ...request, duplicateOfId: body.originalId });
      }
      return new Promise<Response>(() => {});
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <DuplicatePanel request={request} canUpdate />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

describe('marking a duplicate', () => {
  it('refuses a missing number under the field in either language, sending nothing', async () => {
    const user = userEvent.setup();
    const sent = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Marcar como duplicata' }));
    await user.click(screen.getByRole('button', { name: 'Marcar como duplicata' }));
    expect(await screen.findByText('Informe o número da solicitação original')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    await setLanguage('en');
    expect(await screen.findByText('Enter the number of the original request')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal under the field, then sends a chosen suggestion", async () => {
    const user = userEvent.setup();
    const sent = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Marcar como duplicata' }));
    await user.type(screen.getByRole('textbox'), '42');
    await user.click(screen.getByRole('button', { name: 'Marcar como duplicata' }));
    expect(await screen.findByText('Uma solicitação não pode ser duplicata de si mesma')).toBeInTheDocument();

    const suggestion = await screen.findByRole('button', { name: /^Nº 7 · / });
    await user.click(suggestion);
    expect(screen.getByRole('textbox')).toHaveValue('7');
    expect(suggestion).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Marcar como duplicata' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ originalId: 7, updatedAt: request.updatedAt });
  });
});
