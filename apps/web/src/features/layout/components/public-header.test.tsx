import '../../../lib/i18n.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { PublicHeader } from './public-header.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderHeader(theme: Record<string, unknown>) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(theme)));
  const router = createMemoryRouter([{ path: '/', element: <PublicHeader /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('public header', () => {
  it('shows the theme logo at most 160 px wide, and the title when the logo fails to load', async () => {
    renderHeader({ logoUrl: '/logo.png', primaryColor: '#4a86e8' });
    const logo = await screen.findByRole('img', { name: 'Acende' });
    expect(logo).toHaveAttribute('src', '/logo.png');
    expect(logo).toHaveStyle({ maxWidth: '160px' });
    fireEvent.error(logo);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acende' })).toHaveTextContent('Acende');
  });

  it('shows the title without a logo, and keeps the language toggle', async () => {
    renderHeader({});
    expect(await screen.findByRole('link', { name: 'Acende' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN, Mudar para English' })).toBeInTheDocument();
  });
});
