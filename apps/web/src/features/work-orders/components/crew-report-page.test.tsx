import type { CrewReport } from '@acende/shared/schemas/work-orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { addWorkCatalogues, json, renderAt, stubApi } from '../test/work-orders-fixtures.tsx';
import CrewReportPage from './crew-report-page.tsx';

beforeAll(addWorkCatalogues);
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const crew = { crewId: 4, crewName: 'Equipe Norte', companyName: 'CEEE' };
const report: CrewReport = {
  from: '2026-11-01',
  to: '2026-11-30',
  totals: { stops: 7, fixed: 5, fixedFirstVisit: 4, notPossible: 1, medianMinutes: 8.5 },
  crews: [{ ...crew, stops: 7, fixed: 5, fixedFirstVisit: 4, notPossible: 1, medianMinutes: 8.5 }],
  rows: [
    { day: '2026-11-02', ...crew, stops: 4, fixed: 3, fixedFirstVisit: 3, notPossible: 1, medianMinutes: 15 },
    { day: '2026-11-03', ...crew, stops: 3, fixed: 2, fixedFirstVisit: 1, notPossible: 0, medianMinutes: null },
  ],
  rowCount: 2,
  page: 1,
  pageSize: 200,
};

const PAGE = '/admin/work-orders/report?from=2026-11-01&to=2026-11-30';
const renderReport = (url = PAGE) =>
  renderAt(url, [{ path: '/admin/work-orders/report', element: <CrewReportPage /> }]);
const answer = (body: unknown = report) =>
  stubApi((_method, url) => {
    if (url.startsWith('/api/admin/work-orders/report?')) return json(body);
    if (url.startsWith('/api/admin/work-orders/report.')) {
      const csv = url.includes('.csv');
      return new Response(csv ? 'Dia;Equipe' : '%PDF-1.3', {
        headers: {
          'content-type': csv ? 'text/csv' : 'application/pdf',
          'content-disposition': `attachment; filename="relatorio-equipes-2026-11-01-2026-11-30.${csv ? 'csv' : 'pdf'}"`,
        },
      });
    }
    return undefined;
  });

describe('CrewReportPage', () => {
  it('shows the totals, each crew and each crew’s days', async () => {
    const calls = answer();
    renderReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Relatório das equipes' })).toBeInTheDocument();
    const byDay = await screen.findByRole('region', { name: 'Por equipe e dia' });
    const first = within(byDay).getByRole('row', { name: /02\/11\/2026/ });
    expect(first).toHaveTextContent('Equipe Norte');
    expect(first).toHaveTextContent('15,0');
    expect(within(byDay).getByRole('row', { name: /03\/11\/2026/ })).toHaveTextContent('—');
    const byCrew = screen.getByRole('region', { name: 'Por equipe' });
    expect(within(byCrew).getByRole('row', { name: /Equipe Norte/ })).toHaveTextContent('8,5');
    expect(screen.getByText('Consertadas na 1ª visita', { selector: 'dt' }).nextSibling).toHaveTextContent('4');
    expect(calls.find((c) => c.url.startsWith('/api/admin/work-orders/report?'))?.url).toBe(
      '/api/admin/work-orders/report?from=2026-11-01&to=2026-11-30',
    );
  });

  it('refuses a period over 366 days before asking the server, and asks for a good one', async () => {
    const user = userEvent.setup();
    const calls = answer();
    const router = renderReport();
    await screen.findByRole('region', { name: 'Por equipe e dia' });
    const from = screen.getByLabelText('Primeiro dia');
    await user.clear(from);
    await user.type(from, '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(await screen.findByText('Escolha um período de no máximo 366 dias')).toBeInTheDocument();
    expect(screen.getByLabelText('Último dia')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-30');
    await user.clear(from);
    await user.type(from, '2026-11-15');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-15&to=2026-11-30'));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/admin/work-orders/report?from=2026-11-15&to=2026-11-30'),
    );
  });

  it('downloads the CSV and the PDF of the period shown', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const calls = answer();
    renderReport();
    await user.click(await screen.findByRole('button', { name: 'Baixar CSV' }));
    expect(await screen.findAllByText('Arquivo relatorio-equipes-2026-11-01-2026-11-30.csv baixado')).not.toHaveLength(
      0,
    );
    await user.click(screen.getByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/admin/work-orders/report.pdf?from=2026-11-01&to=2026-11-30'),
    );
    expect(calls.map((c) => c.url)).toContain('/api/admin/work-orders/report.csv?from=2026-11-01&to=2026-11-30');
  });

  it('says when the period has no stops, in English too', async () => {
    await setLanguage('en');
    answer({ ...report, rows: [], crews: [], rowCount: 0 });
    renderReport();
    expect(await screen.findByText('No crew stops in this period.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Crew report' })).toBeInTheDocument();
  });
});
