// The update form's reply templates (decision 0031): only the chosen status's are offered,
// picking one fills the notes in the screen's language, and the update carries its id.
import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import enTemplates from '@acende/shared/i18n/en/admin-templates.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import ptTemplates from '@acende/shared/i18n/pt/admin-templates.json';
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import type { ReplyTemplate } from '@acende/shared/schemas/reply-templates';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { UpdateRequestForm } from './update-request-form.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-operations', ptOperations);
  addCatalogue('pt', 'admin-templates', ptTemplates);
  addCatalogue('en', 'admin-operations', enOperations);
  addCatalogue('en', 'admin-templates', enTemplates);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const request = {
  id: 42,
  status: 'open',
  assignedToId: null,
  assignedTo: null,
  company: { id: 1 },
  updatedAt: '2026-11-20T12:00:00.000Z',
} as unknown as AdminRequestDetail;

const at = '2026-11-20T12:00:00.000Z';
const templates: ReplyTemplate[] = [
  {
    id: 5,
    name: 'Equipe a caminho',
    status: 'in_progress',
    textPt: 'Equipe enviada.',
    textEn: 'Crew sent.',
    createdAt: at,
    updatedAt: at,
  },
  {
    id: 6,
    name: 'Trocada',
    status: 'completed',
    textPt: 'Lâmpada trocada.',
    textEn: 'Lamp replaced.',
    createdAt: at,
    updatedAt: at,
  },
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderForm() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/admin/reply-templates') return json(templates);
      if (input.includes('/assignees')) return json([]);
      if (input === '/api/admin/repair-requests/42' && init?.method === 'PATCH') {
        sent.push(JSON.parse(String(init.body)));
        return json({ ...request, status: 'in_progress' });
      }
      return new Promise<Response>(() => {});
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UpdateRequestForm request={request} onStale={() => {}} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('reply templates in the update form', () => {
  it("offers the chosen status's templates, fills the notes and sends the template id", async () => {
    const user = userEvent.setup();
    const sent = renderForm();
    await screen.findByLabelText(/^Novo status/);
    // Open: no template of that status, no picker.
    expect(screen.queryByLabelText('Modelo de resposta')).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Novo status/), 'in_progress');
    const picker = await screen.findByLabelText('Modelo de resposta');
    expect([...(picker as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Nenhum', 'Equipe a caminho']);
    await user.selectOptions(picker, '5');
    expect(screen.getByLabelText(/^Observações/)).toHaveValue('Equipe enviada.');
    await user.click(screen.getByRole('button', { name: 'Salvar atualização' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ status: 'in_progress', notes: 'Equipe enviada.', templateId: 5 });
  });

  it('fills the notes in English on an English screen, and forgets the template when the status changes', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    const sent = renderForm();
    await user.selectOptions(await screen.findByLabelText(/^New status/), 'completed');
    await user.selectOptions(await screen.findByLabelText('Reply template'), '6');
    expect(screen.getByLabelText(/^Notes/)).toHaveValue('Lamp replaced.');
    await user.selectOptions(screen.getByLabelText(/^New status/), 'in_progress');
    expect(screen.getByLabelText('Reply template')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('templateId');
  });
});
