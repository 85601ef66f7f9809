import enPoles from '@acende/shared/i18n/en/admin-poles.json';
import ptPoles from '@acende/shared/i18n/pt/admin-poles.json';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import PoleImportPage from './pole-import-page.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-poles', ptPoles);
  addCatalogue('en', 'admin-poles', enPoles);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const company = (id: number, name: string) => ({
  id,
  name,
  fullName: name,
  colorClass: '',
  iconClass: '',
  active: true,
});

function renderAs(role: 'admin' | 'user' | 'viewer', companyIds: number[] = []) {
  const fetch = vi.fn(async (input: string) => {
    if (input === '/api/admin/profile') {
      return json({ id: 7, username: 'rita', name: 'Rita', email: null, role, language: 'pt', companyIds });
    }
    if (input === '/api/energy-companies') return json([company(1, 'CEEE'), company(2, 'Certel'), company(3, 'RGE')]);
    if (input === '/api/admin/energy-companies') return json([company(1, 'CEEE'), company(4, 'Coprel')]);
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter([{ path: '/admin/poles/import', element: <PoleImportPage /> }], {
    initialEntries: ['/admin/poles/import'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetch;
}

const options = async (loaded: string) => {
  const select = await screen.findByRole('combobox', { name: /Empresa de energia/ });
  await screen.findByRole('option', { name: loaded });
  return [...(select as HTMLSelectElement).options].map((option) => option.text);
};

describe('poles import screen', () => {
  it('tells a viewer why it cannot import, with no form and no call for companies', async () => {
    const fetch = renderAs('viewer');
    expect(
      await screen.findByText('Sua conta é apenas de leitura: importar postes exige uma conta de operador.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verificar arquivo' })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/admin/profile']);
  });

  it('offers a company-linked operator only its companies, chosen already when there is one', async () => {
    renderAs('user', [2]);
    expect(await options('Certel')).toEqual(['Escolha uma empresa', 'Certel']);
    expect((screen.getByRole('combobox', { name: /Empresa de energia/ }) as HTMLSelectElement).value).toBe('2');
  });

  it('offers an administrator every company, active or not', async () => {
    renderAs('admin');
    expect(await options('Coprel')).toEqual(['Escolha uma empresa', 'CEEE', 'Coprel']);
    expect(screen.getByRole('button', { name: 'Verificar arquivo' })).toBeTruthy();
  });

  it('asks for the company first, then the file, and refuses a file over the limit, with nothing sent', async () => {
    const fetch = renderAs('admin');
    await options('Coprel');
    const company = screen.getByRole('combobox', { name: /Empresa de energia/ });
    const file = screen.getByLabelText(/Arquivo/) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Verificar arquivo' }));
    expect(await screen.findByText('Escolha um arquivo primeiro.')).toBeTruthy();
    expect(document.activeElement).toBe(company);
    fireEvent.change(company, { target: { value: '1' } });
    expect(screen.queryByText('Escolha um arquivo primeiro.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar arquivo' }));
    await screen.findByText('Escolha um arquivo primeiro.');
    expect(document.activeElement).toBe(file);
    const big = new File(['x'], 'postes.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 200 * 1024 * 1024 });
    fireEvent.change(file, { target: { files: [big] } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar arquivo' }));
    expect(await screen.findByText(/O arquivo tem mais de \d+ MB\./)).toBeTruthy();
    expect(file.getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain(expect.stringContaining('/import'));
  });
});
