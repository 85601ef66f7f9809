import enPoles from '@acende/shared/i18n/en/admin-poles.json';
import ptPoles from '@acende/shared/i18n/pt/admin-poles.json';
import type { PoleImportPreview } from '@acende/shared/schemas/poles-import';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { PreviewPanel } from './import-steps.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-poles', ptPoles);
  addCatalogue('en', 'admin-poles', enPoles);
});
afterEach(async () => {
  await setLanguage('pt');
});

const preview = (over: Partial<PoleImportPreview> = {}): PoleImportPreview => ({
  format: 'csv',
  rows: 3,
  created: 3,
  updated: 0,
  unchanged: 0,
  errorCount: 0,
  errors: [],
  adjustmentCount: 3,
  adjustments: [
    {
      row: 2,
      field: 'numero',
      given: 'x 9',
      stored: 'X-9',
      reasons: ['upperCase', 'spacesToHyphen'],
      message: 'Letras em maiúsculas. Espaços internos trocados por um hífen.',
    },
    {
      row: 3,
      field: 'latitude',
      given: '-30,5',
      stored: '-30.5',
      reasons: ['decimalComma'],
      message: 'Vírgula decimal lida como ponto.',
    },
    {
      row: 4,
      field: 'rua',
      given: '  ',
      stored: '',
      reasons: ['trimmed'],
      message: 'Espaços antes ou depois do valor removidos.',
    },
  ],
  ...over,
});

function show(value: PoleImportPreview) {
  const onImport = vi.fn();
  render(
    <PreviewPanel preview={value} headingRef={null} importing={false} onImport={onImport}>
      {null}
    </PreviewPanel>,
  );
  return onImport;
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the import preview lists the adjustments it makes', () => {
  it('shows each adjusted value with its line, column, both values and why, before the Import button', async () => {
    const onImport = show(preview());
    const heading = screen.getByRole('heading', { level: 3, name: 'Ajustes feitos (3)' });
    expect(heading).toBeTruthy();
    expect(
      screen.getByText('Estes valores serão gravados como na coluna “Será gravado”, não como estão no arquivo.'),
    ).toBeTruthy();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((head) => head.textContent),
    ).toEqual(['Linha', 'Campo', 'No arquivo', 'Será gravado', 'Motivo']);
    const rows = within(table).getAllByRole('row').slice(1);
    // Each cell also carries its column's name for the phone's cards (hidden on a wide screen).
    expect(rows.map(cells)).toEqual([
      [
        'Linha2',
        'Camponumero',
        'No arquivo“x 9”',
        'Será gravado“X-9”',
        'MotivoLetras em maiúsculas. Espaços internos trocados por um hífen.',
      ],
      ['Linha3', 'Campolatitude', 'No arquivo“-30,5”', 'Será gravado“-30.5”', 'MotivoVírgula decimal lida como ponto.'],
      [
        'Linha4',
        'Camporua',
        'No arquivo“  ”',
        'Será gravado(vazio)',
        'MotivoEspaços antes ou depois do valor removidos.',
      ],
    ]);
    expect(screen.queryByText(/Mostrando os primeiros/)).toBeNull();

    // By keyboard: the list's region (it may scroll sideways) comes before the Import button.
    // Tabbing starts at the panel, not the page's top: a map another file's test left in the
    // shared document sits before it when the files share a worker.
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: 'Ajustes feitos (3)' }).closest('section')?.parentElement;
    panel?.setAttribute('tabindex', '-1');
    panel?.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Ajustes feitos (3)' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Importar 3 postes' }));
    await user.keyboard('{Enter}');
    expect(onImport).toHaveBeenCalledOnce();
  });

  it('says how many it shows when the file has more than the answer lists', () => {
    const shown = preview().adjustments;
    show(preview({ adjustmentCount: 1250, adjustments: shown }));
    expect(screen.getByRole('heading', { level: 3, name: 'Ajustes feitos (1.250)' })).toBeTruthy();
    expect(screen.getByText('Mostrando os primeiros 3 de 1.250 ajustes.')).toBeTruthy();
  });

  it('says plainly that nothing is adjusted, and lists nothing', () => {
    show(preview({ adjustmentCount: 0, adjustments: [] }));
    expect(screen.getByText('Nenhum ajuste: cada valor será gravado como está no arquivo.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is silent on adjustments for a file with errors and none to list', () => {
    show(
      preview({
        adjustmentCount: 0,
        adjustments: [],
        errorCount: 1,
        errors: [{ row: 2, field: 'numero', message: 'Falta o número do poste' }],
      }),
    );
    expect(screen.queryByText(/Nenhum ajuste/)).toBeNull();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });

  it('speaks English, with GeoJSON features', async () => {
    await setLanguage('en');
    show(
      preview({
        format: 'geojson',
        adjustmentCount: 1,
        adjustments: [
          {
            row: 1,
            field: 'geometry',
            given: '[-51.1,-29.9,12]',
            stored: '[-51.1,-29.9]',
            reasons: ['altitudeDropped'],
            message: 'Only longitude and latitude are stored; the altitude is left out.',
          },
        ],
      }),
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Adjustments made (1)' })).toBeTruthy();
    const [row] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(cells(row as HTMLElement)).toEqual([
      'Feature1',
      'Fieldgeometry',
      'In the file“[-51.1,-29.9,12]”',
      'Will be stored“[-51.1,-29.9]”',
      'ReasonOnly longitude and latitude are stored; the altitude is left out.',
    ]);
  });
});
