import enPoles from '@acende/shared/i18n/en/admin-poles.json';
import ptPoles from '@acende/shared/i18n/pt/admin-poles.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { PrintCompanyLabels } from './print-company-labels.tsx';
import { PrintLabelsButton } from './print-labels-button.tsx';

addCatalogue('pt', 'admin-poles', ptPoles);
addCatalogue('en', 'admin-poles', enPoles);

const pdf = () =>
  new Response('%PDF-1.3', {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="etiquetas-postes-ceee-2026-11-25.pdf"',
      'x-label-count': '2',
    },
  });

let fetchMock: ReturnType<typeof vi.fn>;
let clicked: string[];

function renderWith(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

beforeEach(() => {
  fetchMock = vi.fn(async () => pdf());
  vi.stubGlobal('fetch', fetchMock);
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:labels');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sentBody = () => JSON.parse((fetchMock.mock.calls[0]?.[1] as RequestInit | undefined)?.body as string);

describe('printing QR labels', () => {
  it('is off with the reason while nothing is selected', () => {
    renderWith(<PrintLabelsButton poleIds={[]} />);
    expect(screen.getByRole('button', { name: 'Imprimir etiquetas QR' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Selecione postes na lista');
  });

  it('prints the selection, saves the file under the server’s name and says how many labels it holds', async () => {
    renderWith(<PrintLabelsButton poleIds={[7, 3]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir etiquetas QR dos 2 postes selecionados' }));
    expect(await screen.findByText('2 etiquetas prontas: etiquetas-postes-ceee-2026-11-25.pdf')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/poles/labels', expect.objectContaining({ method: 'POST' }));
    expect(sentBody()).toEqual({ poleIds: [7, 3] });
    expect(clicked).toEqual(['etiquetas-postes-ceee-2026-11-25.pdf']);
  });

  it('shows the server’s reason when the labels are refused', async () => {
    const message =
      '1 poste selecionado não foi encontrado entre os das suas concessionárias (id 3); nenhuma etiqueta foi gerada';
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message }), { status: 404 }));
    renderWith(<PrintLabelsButton poleIds={[3]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir etiqueta QR do poste selecionado' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(clicked).toEqual([]);
  });

  it('asks for a company, then prints it with or without the inactive poles', async () => {
    renderWith(
      <PrintCompanyLabels
        companies={[
          { id: 1, name: 'CEEE' },
          { id: 3, name: 'RGE' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir etiquetas da concessionária' }));
    expect(await screen.findByText('Escolha uma concessionária', { selector: 'p, span' })).toBeVisible();
    expect(screen.getByLabelText(/Concessionária/)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    await setLanguage('en');
    expect(await screen.findByText('Choose an energy company', { selector: 'p' })).toBeVisible();
    await setLanguage('pt');
    await userEvent.selectOptions(screen.getByLabelText(/Concessionária/), '3');
    await userEvent.click(screen.getByLabelText('Incluir postes inativos'));
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir etiquetas da concessionária' }));
    expect(await screen.findByText(/2 etiquetas prontas/)).toBeVisible();
    expect(sentBody()).toEqual({ companyId: 3, includeInactive: true });
  });
});
