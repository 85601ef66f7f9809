import enOperations from '@acende/shared/i18n/en/admin-operations.json';
import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import RequestDetailPage from './request-detail-page.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-operations', ptOperations);
  addCatalogue('en', 'admin-operations', enOperations);
});
afterEach(() => vi.unstubAllGlobals());

const detail: AdminRequestDetail = {
  id: 42,
  name: 'Maria Silva',
  email: null,
  phone: '(51) 99876-4321',
  address: 'Rua dos Andradas, 1234 - Centro Histórico, Porto Alegre - RS',
  reference: null,
  problemType: 'LIGHT_OUT',
  latitude: '-30.0277',
  longitude: '-51.2287',
  district: 'Centro Histórico',
  city: 'Porto Alegre',
  status: 'open',
  notes: null,
  language: 'pt',
  company: { id: 1, name: 'CEEE', fullName: 'CEEE Equatorial', colorClass: '', iconClass: '', active: true },
  companyName: 'CEEE',
  assignedToId: null,
  assignedTo: null,
  assignee: null,
  poleNumber: null,
  poleId: null,
  openOnSamePole: [],
  anonymizedAt: null,
  dueAt: null,
  closedAt: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  history: [],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderDetail(answer: AdminRequestDetail = detail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input === '/api/admin/profile') {
        return json({
          id: 7,
          username: 'rita',
          name: 'Rita',
          email: null,
          role: 'user',
          language: 'pt',
          companyIds: [],
        });
      }
      if (input === '/api/admin/repair-requests/42') return json(answer);
      if (input.includes('/assignees')) return json([]);
      // The site's map settings never arrive: the small map stays a spinner.
      return new Promise<Response>(() => {});
    }),
  );
  const router = createMemoryRouter([{ path: '/admin/requests/:id', element: <RequestDetailPage /> }], {
    initialEntries: ['/admin/requests/42'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('request detail layout', () => {
  it('reads and tabs in the wide layout order: the request, then the update form, then the history', async () => {
    renderDetail();
    const update = await screen.findByRole('heading', { level: 2, name: 'Atualizar solicitação' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Informações da solicitação',
      'Duplicata',
      'Contato',
      'Fotos',
      'Localização',
      'Atualizar solicitação',
      'Histórico',
    ]);
    // Keyboard: the last control of the left column leads to the form's first field.
    const openMap = screen.getByRole('link', { name: 'Abrir em um serviço de mapas' });
    expect(
      openMap.compareDocumentPosition(screen.getByLabelText(/^Novo status/)) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    // A phone's one column still starts with the form, by CSS order alone (below the lg breakpoint).
    const formBox = update.closest('form')?.parentElement;
    expect(formBox?.className).toMatch(/(^|\s)max-lg:order-first(\s|$)/);
  });
});

describe('a request on a pole', () => {
  it('names the pole and warns of the other open requests on it, each a link', async () => {
    renderDetail({
      ...detail,
      poleNumber: 'PA-0012',
      poleId: 3,
      openOnSamePole: [
        { id: 41, status: 'in_progress', createdAt: '2026-11-19T12:00:00.000Z' },
        { id: 40, status: 'open', createdAt: '2026-11-18T12:00:00.000Z' },
      ],
    });
    const warning = await screen.findByRole('region', { name: 'Outras solicitações abertas neste poste' });
    expect(warning).toHaveTextContent(
      'Este poste já tem 2 outras solicitações abertas ou em andamento. Pode ser a mesma falha.',
    );
    expect(screen.getByRole('link', { name: 'Solicitação 41' })).toHaveAttribute('href', '/admin/requests/41');
    expect(screen.getByRole('link', { name: 'Solicitação 40' })).toHaveAttribute('href', '/admin/requests/40');
    expect(warning).toHaveTextContent(/Em andamento, registrada em 19\/11\/2026/);
    const pole = screen.getByText('Poste', { selector: 'dt' });
    expect(pole.nextElementSibling).toHaveTextContent('PA-0012');
  });

  it('says no pole was given, and warns of nothing, for a request without one', async () => {
    renderDetail();
    await screen.findByRole('heading', { level: 2, name: 'Atualizar solicitação' });
    expect(screen.getByText('Poste', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Não informado');
    expect(screen.queryByRole('region', { name: /poste/ })).toBeNull();
  });
});

describe('a rated request', () => {
  it('shows the citizen’s score and comment to the operator', async () => {
    renderDetail({
      ...detail,
      status: 'completed',
      closedAt: '2026-11-21T12:00:00.000Z',
      rating: { score: 4, comment: 'Rápido.\nObrigado', at: '2026-11-22T12:00:00.000Z' },
    });
    const score = await screen.findByText('Avaliação do cidadão', { selector: 'dt' });
    expect(score.nextElementSibling).toHaveTextContent(/^4 de 5, em 22\/11\/2026/);
    expect(screen.getByText('Comentário da avaliação', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Rápido. Obrigado',
    );
  });

  it('shows no rating before one is given', async () => {
    renderDetail();
    await screen.findByRole('heading', { level: 2, name: 'Atualizar solicitação' });
    expect(screen.queryByText('Avaliação do cidadão')).toBeNull();
  });
});

describe('a request an Open311 client filed without a phone, with a media link', () => {
  const filed: AdminRequestDetail = {
    ...detail,
    phone: '',
    mediaUrl: 'https://fotos.example.org/relatos/7.jpg',
  };
  afterEach(() => setLanguage('pt'));

  for (const [language, words] of [
    [
      'pt',
      {
        form: 'Atualizar solicitação',
        phone: 'Telefone',
        none: 'Não informado',
        media: 'Mídia enviada pelo cliente Open311',
        link: 'Abrir em fotos.example.org (site externo)',
      },
    ],
    [
      'en',
      {
        form: 'Update request',
        phone: 'Phone',
        none: 'Not informed',
        media: 'Media sent by the Open311 client',
        link: 'Open at fotos.example.org (external site)',
      },
    ],
  ] as const) {
    it(`says no phone was given, offers no call, and opens the link apart (${language})`, async () => {
      await setLanguage(language);
      renderDetail(filed);
      await screen.findByRole('heading', { level: 2, name: words.form });
      const phone = screen.getByText(words.phone, { selector: 'dt' }).nextElementSibling;
      expect(phone).toHaveTextContent(words.none);
      expect(phone?.querySelector('a')).toBeNull();
      expect(document.querySelector('a[href^="tel:"]')).toBeNull();
      expect(screen.getByText(words.media, { selector: 'dt' })).toBeTruthy();
      const link = screen.getByRole('link', { name: words.link });
      expect(link).toHaveAttribute('href', filed.mediaUrl);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['nofollow', 'noopener', 'noreferrer', 'ugc']);
    });
  }

  it('shows no media row for a request without one, and never links an address that is not http(s)', async () => {
    renderDetail({ ...detail, mediaUrl: 'javascript:alert(1)' });
    await screen.findByRole('heading', { level: 2, name: 'Atualizar solicitação' });
    expect(screen.queryByRole('link', { name: /site externo/ })).toBeNull();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
  });
});
