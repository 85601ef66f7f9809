import '../../lib/i18n.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageShell, QueryState } from './page-shell.tsx';

const query = (state: Partial<{ data: string[]; isPending: boolean; isError: boolean }>, refetch = vi.fn()) => ({
  data: undefined,
  isPending: false,
  isError: false,
  ...state,
  refetch,
});

function renderShell(state: Parameters<typeof query>[0], refetch = vi.fn()) {
  render(
    <PageShell title="Usuários" description="Quem entra no painel" actions={<button type="button">Novo</button>}>
      <QueryState query={query(state, refetch)} errorMessage="Erro ao carregar" retryLabel="Tentar de novo">
        {(names) => <p>{names.join(', ')}</p>}
      </QueryState>
    </PageShell>,
  );
}

describe('PageShell', () => {
  it('names the document and the page after its title, with its line and actions', () => {
    renderShell({ data: ['ana'] });
    expect(document.title).toBe('Usuários · Acende');
    expect(screen.getByRole('heading', { level: 1, name: 'Usuários' })).toBeInTheDocument();
    expect(screen.getByText('Quem entra no painel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo' })).toBeInTheDocument();
    expect(screen.getByText('ana')).toBeInTheDocument();
  });

  it('shows the spinner under the heading while the data loads', () => {
    renderShell({ isPending: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Usuários' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
  });

  it('shows the load error, and its button asks again', async () => {
    const refetch = vi.fn();
    renderShell({ isError: true }, refetch);
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao carregar');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the data it has beside the error of a failed refetch', () => {
    renderShell({ data: ['ana', 'bia'], isError: true });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByText('ana, bia')).toBeInTheDocument();
  });
});
