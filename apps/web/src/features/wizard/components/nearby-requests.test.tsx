// Following a nearby request: the e-mail is checked with the route's own schema before
// anything is sent (and before the robot check is spent), and the server's refusal shows
// under the field as the client's does.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { json, renderWithClient, stubFetch } from '../test/render.tsx';
import { NearbyRequests } from './nearby-requests.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const item = {
  id: 7,
  problemType: 'LIGHT_OUT',
  status: 'open',
  createdAt: new Date().toISOString(),
  distance: 12,
  samePole: false,
};

function renderNearby(answer: (body: { email: string }) => Response) {
  const sent: { email: string }[] = [];
  stubFetch((url, init) => {
    if (url.startsWith('/api/repair-requests/nearby')) return json({ items: [item] });
    if (url === '/api/captcha') return json({ enabled: false });
    if (url === '/api/repair-requests/7/followers' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return answer(body);
    }
    return undefined;
  });
  renderWithClient(
    <MemoryRouter>
      <NearbyRequests lat={-30.0277} lng={-51.2287} poleId={null} />
    </MemoryRouter>,
  );
  return sent;
}

describe('following a nearby request', () => {
  it('refuses a malformed e-mail under the field in either language, sending nothing', async () => {
    const user = userEvent.setup();
    const sent = renderNearby(() => json({ following: true, emailQueued: true }));
    await user.click(await screen.findByRole('button', { name: /Acompanhar a nº 7/ }));
    await user.type(screen.getByLabelText(/Seu e-mail/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Acompanhar' }));
    expect(await screen.findByText('O formato do e-mail é inválido')).toBeInTheDocument();
    expect(screen.getByLabelText(/Seu e-mail/)).toHaveAttribute('aria-invalid', 'true');
    await setLanguage('en');
    expect(await screen.findByText('The e-mail format is invalid')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal under the field, and the request followed once accepted", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const sent = renderNearby(() =>
      refuse
        ? json({ message: 'Recusado', errors: { email: 'Este e-mail não pode acompanhar' } }, 400)
        : json({ following: true, emailQueued: true }),
    );
    await user.click(await screen.findByRole('button', { name: /Acompanhar a nº 7/ }));
    await user.type(screen.getByLabelText(/Seu e-mail/), 'vizinho@example.com');
    await user.click(screen.getByRole('button', { name: 'Acompanhar' }));
    expect(await screen.findByText('Este e-mail não pode acompanhar')).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'vizinho@example.com' }]);
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Acompanhar' }));
    expect(await screen.findByTestId('follow-done')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(2));
  });
});
