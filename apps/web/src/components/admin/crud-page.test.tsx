import '../../lib/i18n.ts';
import type { UseMutationResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CrudPage } from './crud-page.tsx';

interface Row {
  id: number;
  name: string;
}

const query = { data: [{ id: 3, name: 'Aviso' }], isPending: false, isError: false, refetch: vi.fn() };

function renderPage(mutate = vi.fn()) {
  const mutation = { mutate, isPending: false } as unknown as UseMutationResult<unknown, unknown, number>;
  render(
    <CrudPage<Row>
      title="Modelos"
      addLabel="Novo modelo"
      form={(row, done) => (
        <button type="button" onClick={done}>
          {row ? `Editando ${row.name}` : 'Criando'}
        </button>
      )}
      query={query}
      errorMessage="Erro"
      retryLabel="Tentar"
      empty="Nenhum"
      columns={[
        { header: 'Nome', cell: (row) => row.name },
        {
          header: 'Ações',
          cell: (row, actions) => (
            <>
              <button type="button" onClick={actions.edit}>{`Editar ${row.name}`}</button>
              <button type="button" onClick={actions.remove}>{`Excluir ${row.name}`}</button>
            </>
          ),
        },
      ]}
      removal={{
        mutation,
        confirm: (row) => ({ title: `Excluir ${row.name}?`, description: 'Não volta.' }),
        confirmLabel: 'Excluir',
        cancelLabel: 'Cancelar',
        doneTitle: 'Excluído',
        errorTitle: 'Falhou',
      }}
    />,
  );
  return mutate;
}

describe('CrudPage', () => {
  it('opens the add form from the title and the edit form from a row, hiding "add" while one is open', async () => {
    renderPage();
    expect(screen.getByRole('region', { name: 'Modelos' })).toHaveTextContent('Aviso');
    await userEvent.click(screen.getByRole('button', { name: 'Novo modelo' }));
    expect(screen.queryByRole('button', { name: 'Novo modelo' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Criando' }));
    await userEvent.click(screen.getByRole('button', { name: 'Editar Aviso' }));
    expect(screen.getByRole('button', { name: 'Editando Aviso' })).toBeInTheDocument();
  });

  it('removes a row only once the person confirms, and not when they cancel', async () => {
    const mutate = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Aviso' }));
    expect(await screen.findByRole('alertdialog', { name: 'Excluir Aviso?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(mutate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Aviso' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    expect(mutate).toHaveBeenCalledWith(3, expect.anything());
  });
});
