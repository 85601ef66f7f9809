import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { relativeTime } from '../lib/relative-time.ts';
import TrackingPage, { mapsLink } from './tracking-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => answer(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/track/:id?', element: <TrackingPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const request = {
  id: 7,
  name: 'Maria S.',
  phone: '•••• 4321',
  email: null,
  address: 'Rua A, 1',
  reference: null,
  problemType: 'LIGHT_OUT',
  latitude: '-30.0277',
  longitude: '-51.2287',
  company: '1',
  companyName: 'CEEE',
  companyFullName: 'CEEE Equatorial Energia',
  poleNumber: null as string | null,
  status: 'in_progress',
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  updatedAt: new Date().toISOString(),
  masked: true,
  dueAt: null as string | null,
  transferred: false,
  timeline: [{ status: 'open', at: new Date().toISOString() }],
};

describe('tracking page', () => {
  it('shows the request with its real status and passes the token on', async () => {
    const fetchMock = renderAt('/track/7?t=secret', () => new Response(JSON.stringify(request)));
    expect(await screen.findByRole('heading', { name: 'Solicitação nº 7' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/repair-requests/7?t=secret');
    expect(screen.getAllByTestId('status-badge')[0]).toHaveTextContent('Em andamento');
    expect(screen.getByText('Criada há 3 horas')).toBeInTheDocument();
    expect(screen.getByText('CEEE Equatorial Energia (CEEE)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir no OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=-30.0277&mlon=-51.2287#map=18/-30.0277/-51.2287',
    );
  });

  it('shows the pole number of a request about a pole', async () => {
    renderAt('/track/7', () => new Response(JSON.stringify({ ...request, poleNumber: 'PA-0042' })));
    expect(await screen.findByTestId('track-pole')).toHaveTextContent('PA-0042');
    expect(screen.getByText('Poste', { selector: 'dt' })).toBeInTheDocument();
  });

  it('shows no pole line for a request about no pole', async () => {
    renderAt('/track/7', () => new Response(JSON.stringify(request)));
    expect(await screen.findByRole('heading', { name: 'Solicitação nº 7' })).toBeInTheDocument();
    expect(screen.queryByTestId('track-pole')).not.toBeInTheDocument();
  });

  it('says "not found" for a 404 and gives the generic error otherwise', async () => {
    renderAt('/track/99', () => new Response('{"message":"x"}', { status: 404 }));
    expect(await screen.findByText('Solicitação não encontrada')).toBeInTheDocument();
  });

  it('gives the generic error for another failure', async () => {
    renderAt('/track/99', () => new Response('{"message":"x"}', { status: 500 }));
    expect(await screen.findByText('Erro ao buscar os detalhes da solicitação')).toBeInTheDocument();
  });

  it('explains what a request number looks like when the search is not one, and finds one typed as the e-mail writes it', async () => {
    const fetchMock = renderAt('/track', () => new Response(JSON.stringify({ ...request, id: 12 })));
    const user = userEvent.setup();
    const box = screen.getByLabelText('Número da solicitação');
    await user.type(box, 'abc{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/só com algarismos, por exemplo 1234/);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, 'nº 12{Enter}');
    expect(await screen.findByRole('heading', { name: 'Solicitação nº 12' })).toBeInTheDocument();
    expect(screen.queryByText(/só com algarismos/)).toBeNull();
  });

  it('does not ask the API for a malformed number', async () => {
    const fetchMock = renderAt('/track/12ab', () => new Response('{}'));
    expect(await screen.findByText('O número da solicitação deve conter apenas dígitos')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the repair date while the work is on', async () => {
    renderAt('/track/7', () => new Response(JSON.stringify({ ...request, dueAt: '2099-12-01T15:00:00.000Z' })));
    expect(await screen.findByText('Previsão de reparo: até 01/12/2099')).toBeInTheDocument();
    expect(screen.queryByText(/transferida/)).toBeNull();
  });

  it('says, politely, when the repair date has passed', async () => {
    renderAt('/track/7', () => new Response(JSON.stringify({ ...request, dueAt: '2020-03-10T15:00:00.000Z' })));
    expect(await screen.findByTestId('repair-date')).toHaveTextContent(
      'O prazo de reparo passou em 10/03/2020. Pedimos desculpas pela demora: sua solicitação continua em atendimento.',
    );
    expect(screen.queryByText(/Previsão de reparo/)).toBeNull();
  });

  it('explains a paused deadline while cancelled', async () => {
    renderAt('/track/7', () => new Response(JSON.stringify({ ...request, status: 'cancelled', dueAt: null })));
    expect(await screen.findByTestId('repair-date')).toHaveTextContent(
      'Prazo de reparo pausado enquanto a solicitação está cancelada. Se ela for retomada, o prazo volta a contar de onde parou.',
    );
  });

  it('says that a transfer kept the repair date', async () => {
    const transferred = { ...request, dueAt: '2099-12-01T15:00:00.000Z', transferred: true };
    renderAt('/track/7', () => new Response(JSON.stringify(transferred)));
    expect(await screen.findByText('Previsão de reparo: até 01/12/2099')).toBeInTheDocument();
    expect(
      screen.getByText('A solicitação foi transferida para outra concessionária; o prazo de reparo não mudou.'),
    ).toBeInTheDocument();
  });

  it('shows no repair date once completed, nor for a duplicate merged into another', async () => {
    const completed = { ...request, status: 'completed', timeline: [] };
    renderAt('/track/7', () => new Response(JSON.stringify(completed)));
    expect(await screen.findByRole('heading', { name: 'Solicitação nº 7' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Avalie o reparo' })).toBeInTheDocument();
    expect(screen.queryByTestId('repair-date')).toBeNull();
  });

  it('shows no repair date for a duplicate merged into another (that one’s is the citizen’s)', async () => {
    const merged = { ...request, status: 'cancelled', duplicateOf: 3 };
    renderAt('/track/7', () => new Response(JSON.stringify(merged)));
    expect(await screen.findByTestId('merged-into')).toBeInTheDocument();
    expect(screen.queryByTestId('repair-date')).toBeNull();
  });

  it('shows no phone line for a request filed without one (Open311), and "not provided" when no contact is left', async () => {
    const open311 = { ...request, name: 'Rui', phone: '', masked: false };
    renderAt('/track/7?t=secret', () => new Response(JSON.stringify(open311)));
    const contact = (await screen.findByText('Contato', { selector: 'dt' })).nextElementSibling;
    expect(contact?.textContent).toBe('Rui');
    cleanup();
    for (const [language, words] of [
      ['pt', 'Não informado'],
      ['en', 'Not provided'],
    ] as const) {
      await setLanguage(language);
      renderAt('/track/7', () => new Response(JSON.stringify({ ...request, name: null, phone: '', email: null })));
      const none = (await screen.findByText(language === 'pt' ? 'Contato' : 'Contact', { selector: 'dt' }))
        .nextElementSibling;
      expect(none?.textContent).toBe(words);
      cleanup();
    }
    await setLanguage('pt');
  });

  it('formats relative time in both languages', () => {
    const now = Date.parse('2026-01-15T12:00:00Z');
    expect(relativeTime('2026-01-15T11:58:00Z', 'en', now)).toBe('2 minutes ago');
    expect(relativeTime('2026-01-14T12:00:00Z', 'pt', now)).toBe('ontem');
    expect(mapsLink('1', '2')).toBe('https://www.openstreetmap.org/?mlat=1&mlon=2#map=18/1/2');
  });
});
