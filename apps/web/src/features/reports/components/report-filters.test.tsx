import ptReports from '@acende/shared/i18n/pt/admin-reports.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalogue } from '../../../lib/i18n.ts';
import { parseReportParams, reportQueryString, useReportParams } from '../lib/report-params.ts';
import { ReportFiltersForm } from './report-filters.tsx';

addCatalogue('pt', 'admin-reports', ptReports);

const OPTIONS = {
  companies: [{ id: 2, name: 'Certel' }],
  assignees: [{ id: 7, name: 'Olga Operadora' }],
  areas: [
    { key: 'Porto Alegre|Centro', city: 'Porto Alegre', district: 'Centro' },
    { key: '|', city: null, district: null },
  ],
};

function Screen() {
  const { params, setFilters, setPage } = useReportParams();
  const location = useLocation();
  return (
    <>
      <ReportFiltersForm filters={params} onApply={setFilters} />
      <button type="button" onClick={() => setPage(params.page + 1)}>
        next page
      </button>
      <output data-testid="url">{location.search}</output>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/admin/reports/requests', element: <Screen /> }], {
    initialEntries: [url],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const url = () => screen.getByTestId('url').textContent;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(OPTIONS), { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('report filters in the URL', () => {
  it('reads valid filters from the URL and drops the invalid ones', () => {
    const params = parseReportParams(
      new URLSearchParams('status=open&startDate=2026-02-30&q=rua&companyId=x&page=3&pageSize=50'),
    );
    expect(params).toEqual({ status: 'open', q: 'rua', page: 3, pageSize: 50 });
    expect(reportQueryString(params)).toBe('status=open&q=rua&page=3&pageSize=50');
    expect(reportQueryString(params, false)).toBe('status=open&q=rua');
  });

  it('applies basic and advanced filters to the URL and goes back to page 1', async () => {
    renderAt('/admin/reports/requests?page=4&pageSize=50');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'completed');
    await userEvent.type(screen.getByLabelText('Data inicial'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('Busca'), 'andradas');
    await userEvent.click(screen.getByText('Filtros avançados'));
    await screen.findByRole('option', { name: 'Olga Operadora' });
    await userEvent.selectOptions(screen.getByLabelText('Usuário'), '7');
    await userEvent.selectOptions(screen.getByLabelText('Área'), 'Área desconhecida');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    // Applied once the form's check has run (react-hook-form submits after a microtask).
    await vi.waitFor(() =>
      expect(url()).toBe('?status=completed&startDate=2026-03-01&q=andradas&assigneeId=7&area=%7C&page=1&pageSize=50'),
    );
  });

  it('refuses an end date before the start date, in words, without changing the URL', async () => {
    renderAt('/admin/reports/requests?startDate=2026-03-10');
    await userEvent.type(screen.getByLabelText('Data final'), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    expect(screen.getByText('A data final deve ser igual ou posterior à data inicial')).toBeVisible();
    expect(screen.getByLabelText('Data final')).toHaveAttribute('aria-invalid', 'true');
    expect(url()).toBe('?startDate=2026-03-10');
  });

  it('filters by a pole number, normalised in the URL', async () => {
    renderAt('/admin/reports/requests?page=2');
    await userEvent.click(screen.getByText('Filtros avançados'));
    await userEvent.type(screen.getByLabelText('Poste'), ' pa 12');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await vi.waitFor(() => expect(url()).toBe('?pole=PA-12&page=1&pageSize=20'));
    await vi.waitFor(() => expect(screen.getByLabelText('Poste')).toHaveValue('PA-12'));
  });

  it('opens the advanced filters on a URL that filters by pole, the pole in its box', () => {
    renderAt('/admin/reports/requests?pole=PA-12');
    expect(screen.getByLabelText('Poste')).toHaveValue('PA-12');
    expect(screen.getByLabelText('Poste').closest('details')).toHaveAttribute('open');
  });

  it('refuses a pole number no pole can have, in words, without changing the URL', async () => {
    renderAt('/admin/reports/requests?status=open');
    await userEvent.click(screen.getByText('Filtros avançados'));
    await userEvent.type(screen.getByLabelText('Poste'), 'PA#12');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    expect(
      screen.getByText('Use de 1 a 32 letras, dígitos, pontos, hífens ou sublinhados no número do poste'),
    ).toBeVisible();
    expect(url()).toBe('?status=open');
    expect(parseReportParams(new URLSearchParams('pole=%23&status=open'))).toEqual({
      status: 'open',
      page: 1,
      pageSize: 20,
    });
  });

  it('clears the filters but keeps the page size', async () => {
    renderAt('/admin/reports/requests?status=open&pageSize=100&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(url()).toBe('?page=1&pageSize=100');
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });
});
