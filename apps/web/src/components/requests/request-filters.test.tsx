import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { addCatalogue, i18n } from '../../lib/i18n.ts';
import { listQueryString, useListParams } from './list-params.ts';
import { RequestFilters } from './request-filters.tsx';

function Screen() {
  const { params, update, clear, hasFilters } = useListParams();
  const location = useLocation();
  return (
    <>
      <RequestFilters params={params} onChange={update} onClear={clear} hasFilters={hasFilters} />
      <button type="button" onClick={() => update({ page: params.page + 1 })}>
        next page
      </button>
      <output data-testid="url">{location.search}</output>
      <output data-testid="api">{listQueryString(params)}</output>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/admin/requests', element: <Screen /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

addCatalogue('pt', 'admin-operations', ptOperations);

const url = () => screen.getByTestId('url').textContent;

describe('request list filters in the URL', () => {
  it('reads filters and page from the URL, ignoring unknown values', () => {
    renderAt('/admin/requests?q=silva&status=open&problemType=BROKEN&page=3&pageSize=7');
    expect(screen.getByLabelText('Buscar')).toHaveValue('silva');
    expect(screen.getByLabelText('Status')).toHaveValue('open');
    expect(screen.getByLabelText('Tipo de problema')).toHaveValue('');
    expect(screen.getByTestId('api').textContent).toBe('q=silva&status=open&page=3&pageSize=20');
  });

  it('searches on submit and goes back to page 1 when a filter changes', async () => {
    renderAt('/admin/requests?page=4');
    await userEvent.type(screen.getByLabelText('Buscar'), '  99876-4321 {Enter}');
    // react-hook-form sends after its check (a microtask).
    await vi.waitFor(() => expect(url()).toBe('?q=99876-4321'));
    await userEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(url()).toBe('?q=99876-4321&page=2');
    await userEvent.selectOptions(screen.getByLabelText('Tipo de problema'), 'FALLEN_POLE');
    expect(url()).toBe('?q=99876-4321&problemType=FALLEN_POLE');
  });

  it('refuses a pole number no pole can have under its field, then sends one as the filing stores it', async () => {
    renderAt('/admin/requests');
    const pole = screen.getByLabelText('Poste');
    await userEvent.type(pole, '!!{Enter}');
    expect(await screen.findByText(/^Use de 1 a 32 letras/)).toBeInTheDocument();
    expect(pole).toHaveAttribute('aria-invalid', 'true');
    expect(url()).toBe('');
    await userEvent.clear(pole);
    await userEvent.type(pole, 'ab 12{Enter}');
    await vi.waitFor(() => expect(url()).toBe('?pole=AB-12'));
    expect(pole).toHaveValue('AB-12');
    expect(screen.queryByText(/^Use de 1 a 32 letras/)).toBeNull();
  });

  it('clears every filter but keeps the page size', async () => {
    renderAt('/admin/requests?q=andradas&status=completed&pageSize=50&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(url()).toBe('?pageSize=50');
    expect(screen.getByLabelText('Buscar')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });
});

describe('result counts', () => {
  it("speaks of none, one and many, in the reader's digits", () => {
    expect(i18n.t('admin-operations.operations.list.results', { count: 0 })).toBe('Nenhuma solicitação encontrada');
    expect(i18n.t('admin-operations.operations.list.results', { count: 1 })).toBe('1 solicitação encontrada');
    expect(i18n.t('admin-operations.operations.list.results', { count: 10_000 })).toBe(
      '10.000 solicitações encontradas',
    );
  });
});
