import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue, setLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { BulkBar, BulkSummary } from './bulk-bar.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-operations', ptOperations);
  addCatalogue('en', 'admin-operations', enOperations);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('bulk bar', () => {
  it('asks for a value and a reason before sending, then sends the items with the change', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input.includes('/api/energy-companies')) return json([{ id: 3, name: 'RGE' }]);
        sent.push(JSON.parse(String(init?.body)));
        return json({ changed: [5], refused: [] });
      }),
    );
    const done = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BulkBar
          target={{ body: { items: [{ id: 5, updatedAt: 't5' }] }, count: 1, allMatching: false }}
          onClear={() => {}}
          onDone={done}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('1 solicitação selecionada')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Alterar'), 'company');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(sent).toEqual([]);
    await userEvent.selectOptions(screen.getByLabelText(/^Para/), await screen.findByRole('option', { name: 'RGE' }));
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Informe por que a solicitação vai para outra empresa')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText(/^Motivo da transferência/), 'Rede da RGE');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith({ changed: [5], refused: [] }));
    expect(sent).toEqual([
      { change: { action: 'company', companyId: 3, reason: 'Rede da RGE' }, items: [{ id: 5, updatedAt: 't5' }] },
    ]);
  });

  it('sums up what changed and why each refused row was left, in English', async () => {
    await setLanguage('en');
    render(
      <BulkSummary
        result={{
          changed: [1, 2],
          refused: [
            { id: 3, reason: 'stale' },
            { id: 4, reason: 'invalidAssignee' },
          ],
        }}
        onDismiss={() => {}}
      />,
    );
    const summary = screen.getByRole('status', { name: 'Result of the bulk change' });
    expect(summary).toHaveTextContent('2 requests changed');
    expect(summary).toHaveTextContent('2 requests left as they were:');
    expect(summary).toHaveTextContent('No. 3: changed by someone else meanwhile');
    expect(summary).toHaveTextContent('No. 4: this account cannot work for its company');
  });
});
