// The tracking page's "still broken?" (issue 22): offered only on a completed request read with
// its link's token and within 30 days; the note is required before anything is sent.
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

const DAY = 24 * 3600_000;
const completed = (closedDaysAgo: number, masked = false) => ({
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
  createdAt: new Date(Date.now() - 40 * DAY).toISOString(),
  updatedAt: new Date().toISOString(),
  closedAt: new Date(Date.now() - closedDaysAgo * DAY).toISOString(),
  masked,
  timeline: [{ status: 'completed', at: new Date().toISOString() }],
});

function renderAt(path: string, body: object) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return new Response(
          JSON.stringify({
            ...body,
            status: 'open',
            closedAt: null,
            timeline: [{ status: 'open', at: new Date().toISOString(), reopened: true }],
          }),
        );
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

describe('reopen on the tracking page', () => {
  it('asks for the note, sends it with the token and shows the request reopened', async () => {
    const posts = renderAt('/track/7?t=secret', completed(3));
    const send = await screen.findByRole('button', { name: 'Reabrir solicitação' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(send);
    expect(await screen.findByText('Conte em poucas palavras o que continua com defeito')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await user.type(screen.getByLabelText(/O que continua com defeito/), 'Apagou de novo');
    await user.click(send);
    expect(await screen.findByText('Solicitação reaberta. A equipe foi avisada.')).toBeInTheDocument();
    expect(posts).toEqual([{ token: 'secret', note: 'Apagou de novo' }]);
    expect(screen.getByText('Reaberta pelo cidadão')).toBeInTheDocument();
  });

  it('offers no form without the token, nor past 30 days', async () => {
    renderAt('/track/7', completed(3, true));
    expect(await screen.findByText(/Para reabrir, abra o link de acompanhamento/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reabrir solicitação' })).not.toBeInTheDocument();
  });

  it('says the time has passed after 30 days', async () => {
    renderAt('/track/7?t=secret', completed(31));
    expect(await screen.findByText(/O prazo de 30 dias para reabrir passou/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reabrir solicitação' })).not.toBeInTheDocument();
  });

  it('refuses a note of spaces under the field, in English too, and sends nothing', async () => {
    const user = userEvent.setup();
    const posts = renderAt('/track/7?t=secret', completed(2));
    const send = await screen.findByRole('button', { name: 'Reabrir solicitação' }, { timeout: 5000 });
    await user.type(screen.getByLabelText(/O que continua com defeito/), '   ');
    await user.click(send);
    expect(await screen.findByText('Conte em poucas palavras o que continua com defeito')).toBeInTheDocument();
    expect(screen.getByLabelText(/O que continua com defeito/)).toHaveAttribute('aria-invalid', 'true');
    await setLanguage('en');
    expect(await screen.findByText('Say in a few words what is still broken')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });
});
