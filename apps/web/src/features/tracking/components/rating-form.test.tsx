// The tracking page's "rate the repair" (issue 35): on a completed request read with its link's
// token or opened from the e-mail's rating link; a score is required, the comment is optional;
// the thanks takes the form's place, and a refusal is shown in the reader's language.
import '../../../lib/i18n.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import TrackingPage from './tracking-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const request = (overrides: object = {}) => ({
  id: 7,
  name: 'Maria Silva',
  phone: '(51) 99876-4321',
  email: null,
  address: 'Rua A, 1',
  reference: null,
  problemType: 'LIGHT_OUT',
  latitude: '-30.0277',
  longitude: '-51.2287',
  company: '1',
  companyName: 'CEEE',
  companyFullName: 'CEEE Equatorial Energia',
  poleNumber: null,
  status: 'completed',
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  updatedAt: new Date().toISOString(),
  closedAt: new Date().toISOString(),
  masked: false,
  timeline: [{ status: 'completed', at: new Date().toISOString() }],
  rating: null,
  ...overrides,
});

/** The page at `path` over a fake API: GET answers `body`, POST answers `reply` (a status and body) or the rated request. */
function renderAt(path: string, body: object, reply?: { status: number; body: object }) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const sent = JSON.parse(String(init.body));
        posts.push(sent);
        if (reply) return new Response(JSON.stringify(reply.body), { status: reply.status });
        return new Response(JSON.stringify({ ...body, rating: { score: sent.score, at: new Date().toISOString() } }));
      }
      return new Response(JSON.stringify(body));
    }),
  );
  const router = createMemoryRouter([{ path: '/track/:id?', element: <TrackingPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return posts;
}

describe('rating on the tracking page', () => {
  it('asks for a score, sends it with the token and an optional comment, then thanks', async () => {
    const posts = renderAt('/track/7?t=secret', request());
    const send = await screen.findByRole('button', { name: 'Enviar avaliação' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(send);
    expect(await screen.findByText('Escolha uma nota de 1 a 5')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    expect(screen.getByRole('group', { name: /Sua nota/ })).toHaveAccessibleDescription('Escolha uma nota de 1 a 5');
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    await user.click(screen.getByRole('radio', { name: '4 — Bom' }));
    await user.type(screen.getByLabelText('Comentário (opcional)'), 'Rápido, obrigado');
    await user.click(send);
    expect(await screen.findByText('Obrigado pela avaliação!')).toBeInTheDocument();
    expect(screen.getByText('Nota dada: 4 de 5.')).toBeInTheDocument();
    expect(posts).toEqual([{ token: 'secret', score: 4, comment: 'Rápido, obrigado' }]);
    expect(screen.queryByRole('button', { name: 'Enviar avaliação' })).not.toBeInTheDocument();
  });

  it('rates with the e-mail’s rating token on a masked page, the comment left out', async () => {
    const posts = renderAt('/track/7?r=rating-token', request({ masked: true }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '5 — Excelente' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    expect(await screen.findByText('Obrigado pela avaliação!')).toBeInTheDocument();
    expect(posts).toEqual([{ token: 'rating-token', score: 5, comment: null }]);
  });

  it('offers no form without a link, and only the thanks once rated', async () => {
    renderAt('/track/7', request({ masked: true }));
    expect(
      await screen.findByText(/Para avaliar, abra o link de acompanhamento/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows the thanks instead of the form when the request was rated', async () => {
    renderAt('/track/7?t=secret', request({ rating: { score: 2, at: new Date().toISOString() } }));
    expect(await screen.findByText('Obrigado pela avaliação!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Nota dada: 2 de 5.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('offers nothing on a request not completed', async () => {
    renderAt('/track/7?t=secret', request({ status: 'in_progress', closedAt: null }));
    await screen.findByText('Rua A, 1', {}, { timeout: 5000 });
    expect(screen.queryByText('Avalie o reparo')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal, and the form in English', async () => {
    const message = 'Este reparo já foi avaliado: vale uma avaliação por solicitação';
    renderAt('/track/7?t=secret', request(), { status: 409, body: { message } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '3 — Regular' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await setLanguage('en');
    expect(await screen.findByRole('heading', { name: 'Rate the repair' })).toBeInTheDocument();
    expect(screen.getByLabelText('Comment (optional)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 — Excellent' })).toBeInTheDocument();
  });
});
