import '../../../lib/i18n.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { PrivacyPage } from './notice-page.tsx';
import { PublicFooter } from './public-footer.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderAt(element: React.ReactNode, answers: Record<string, unknown>) {
  vi.stubGlobal('fetch', async (url: string) => new Response(JSON.stringify(answers[url] ?? {})));
  const router = createMemoryRouter([{ path: '/', element }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const operator = {
  name: 'Prefeitura de Exemplo',
  email: 'ouvidoria@exemplo.gov.br',
  phone: '(51) 3333-0000',
  address: null,
};

describe('privacy notice', () => {
  it('draws the text as paragraphs and headings, markup and all as plain text', async () => {
    const text =
      'Quem é o controlador\n\n<b>Negrito?</b> <script>alert(1)</script>\nsegunda linha.\n\n<img src=x onerror=alert(2)>.';
    renderAt(<PrivacyPage />, {
      '/api/public-pages/privacy': { page: 'privacy', language: 'pt', text, isDefault: false, operator },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Aviso de privacidade' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Quem é o controlador' })).toBeInTheDocument();
    const notice = screen.getByTestId('notice-text');
    expect(notice.querySelectorAll('p')).toHaveLength(2);
    expect(notice.querySelector('b, script, img')).toBeNull();
    expect(notice).toHaveTextContent('<b>Negrito?</b> <script>alert(1)</script>');
    expect(notice).toHaveTextContent('<img src=x onerror=alert(2)>.');
    expect(document.title).toBe('Aviso de privacidade · Acende');
  });
});

describe('public footer', () => {
  it('names who runs the service, how to reach them, and links to both notices', async () => {
    renderAt(<PublicFooter />, { '/api/operator': operator });
    expect(await screen.findByText('Serviço mantido por Prefeitura de Exemplo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ouvidoria@exemplo.gov.br' })).toHaveAttribute(
      'href',
      'mailto:ouvidoria@exemplo.gov.br',
    );
    expect(screen.getByRole('link', { name: '(51) 3333-0000' })).toHaveAttribute('href', 'tel:5133330000');
    expect(screen.queryByText('Endereço')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aviso de privacidade' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Declaração de acessibilidade' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
    expect(screen.getByRole('link', { name: 'Transparência: números das empresas' })).toHaveAttribute(
      'href',
      '/transparencia',
    );
  });
});
