import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { Captcha } from './captcha.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderCaptcha(answer: object) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/captcha')) return new Response(JSON.stringify(answer), { status: 200 });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const onChange = vi.fn();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <form>
        <Captcha onChange={onChange} />
        <button type="submit">Enviar</button>
      </form>
    </QueryClientProvider>,
  );
  return { onChange, fetchMock, ...view };
}

describe('<Captcha>', () => {
  it('renders nothing and blocks nothing when captcha is off', async () => {
    const { fetchMock, onChange, container } = renderCaptcha({
      enabled: false,
      provider: 'altcha',
      siteKey: null,
      challenge: null,
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container.querySelector('fieldset')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    expect(onChange).not.toHaveBeenCalledWith(expect.any(String));
  });

  it('shows a labelled check when captcha is on', async () => {
    renderCaptcha({ enabled: true, provider: 'altcha', siteKey: null, challenge: null });
    expect(await screen.findByRole('group', { name: 'Verificação contra robôs' })).toBeInTheDocument();
    expect(screen.getByText(/A verificação é automática e não pede nada a você/)).toBeInTheDocument();
    expect(screen.queryByText(/Marque a caixa/)).not.toBeInTheDocument();
  });
});
