// An administrator imports a company's poles: a CSV with one bad row shows that row's
// error and cannot be imported; the fixed file previews clean, imports with a progress
// bar, and the result is summed up; checking the same file again finds every pole
// already there (nothing to import). In pt with a CSV, then in en with a GeoJSON fix. The
// preview lists each value stored otherwise than written (issue 38), by keyboard and at 360 px.
import type { Page, Route } from '@playwright/test';
import { createAccountViaApi, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/requests.ts';

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\r\n'), 'utf8'),
});

/** Holds the import's request until the page has shown its progress bar, then lets it through. */
async function expectProgressWhileImporting(page: Page, importButton: string, label: string) {
  let release: (() => void) | undefined;
  const held = new Promise<Route>((resolve) => {
    void page.route('**/api/admin/poles/import?*', (route) => {
      resolve(route);
      return new Promise<void>((done) => {
        release = () => void route.continue().then(done);
      });
    });
  });
  await page.getByRole('button', { name: importButton }).click();
  await held;
  const bar = page.getByRole('progressbar', { name: label });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('max', /\d+/);
  release?.();
  await page.unroute('**/api/admin/poles/import?*');
}

test('an admin fixes a CSV with a bad row and imports it (pt)', async ({ page, axe, baseURL }, testInfo) => {
  const username = uniqueUsername(testInfo, 'postes');
  await createAccountViaApi(baseURL as string, {
    username,
    password: 'senha-postes',
    name: 'Ana Postes',
    role: 'admin',
  });
  const prefix = `PT${Date.now().toString(36)}${testInfo.project.name.slice(0, 1)}`.toUpperCase();

  await page.goto('/admin/login');
  await signInThroughForm(page, username, 'senha-postes');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/poles/import');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Importar postes');

  await page.getByLabel('Empresa de energia').selectOption({ label: 'Certel' });
  await page
    .getByLabel('Arquivo (CSV ou GeoJSON)')
    .setInputFiles(
      csvFile('postes.csv', [
        'numero;latitude;longitude;rua',
        `${prefix}-1;-30,0346;-51,2177;Rua dos Andradas`,
        `${prefix}-2;-300;-51,2180;Rua dos Andradas`,
        `${prefix}-3;-30,0360;-51,2190;Av. Borges de Medeiros`,
      ]),
    );
  await page.getByRole('button', { name: 'Verificar arquivo' }).click();

  await expect(page.getByRole('heading', { name: 'Prévia' })).toBeFocused();
  await expect(page.getByText('3 postes no arquivo. Novos: 2; a atualizar: 0; sem mudança: 0.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('1 erro: corrija o arquivo e verifique de novo. Nada foi gravado.');
  const row = page.getByRole('row').filter({ hasText: 'Latitude inválida' });
  await expect(row).toContainText('3');
  await expect(row).toContainText('latitude');
  await expect(row).toContainText('Latitude inválida "-300": um número entre -90 e 90');
  await expect(page.getByRole('button', { name: /^Importar/ })).toHaveCount(0);
  await axe('preview with a row error pt');

  // The number as a person might type it: the import stores it as `${prefix}-1`, and says so.
  const fixed = csvFile('postes-corrigido.csv', [
    'numero;latitude;longitude;rua',
    `${prefix.toLowerCase()} 1;-30,0346;-51,2177;Rua dos Andradas`,
    `${prefix}-2;-30,0350;-51,2180;Rua dos Andradas`,
    `${prefix}-3;-30,0360;-51,2190;Av. Borges de Medeiros`,
  ]);
  await page.getByLabel('Arquivo (CSV ou GeoJSON)').setInputFiles(fixed);
  await page.getByRole('button', { name: 'Verificar arquivo' }).click();
  await expect(page.getByText('3 postes no arquivo. Novos: 3; a atualizar: 0; sem mudança: 0.')).toBeVisible();
  await expect(page.getByText('Nenhum erro: o arquivo pode ser importado.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prévia' })).toBeFocused();
  const adjustments = page.getByRole('region', { name: 'Ajustes feitos (7)' });
  await expect(page.getByRole('heading', { level: 3, name: 'Ajustes feitos (7)' })).toBeVisible();
  const numberRow = adjustments.getByRole('row').filter({ hasText: 'Letras em maiúsculas.' });
  await expect(numberRow).toContainText(`“${prefix.toLowerCase()} 1”`);
  await expect(numberRow).toContainText(`“${prefix}-1”`);
  await expect(numberRow).toContainText('Espaços internos trocados por um hífen.');
  await expect(adjustments.getByRole('row').filter({ hasText: 'Vírgula decimal lida como ponto.' })).toHaveCount(6);
  // By keyboard from the preview's heading: the list first, then the Import button.
  await page.keyboard.press('Tab');
  await expect(adjustments).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Importar 3 postes' })).toBeFocused();
  // On a phone each adjustment is a card naming its values; nothing is wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(numberRow.getByText('Será gravado')).toBeVisible();
  await expectNoSidewaysScroll(page, 'adjustments at 360 px pt');
  await axe('preview with adjustments at 360 px pt');
  await page.setViewportSize({ width: 1280, height: 800 });

  await expectProgressWhileImporting(page, 'Importar 3 postes', 'Progresso da importação');
  await expect(page.getByRole('heading', { name: 'Importação concluída' })).toBeFocused();
  await expect(
    page.getByText('Postes criados: 3; atualizados: 0; sem mudança: 0 (linhas no arquivo: 3).'),
  ).toBeVisible();
  await axe('import finished pt');

  // The poles are in the registry: the same file again has nothing new.
  await page.getByRole('button', { name: 'Importar outro arquivo' }).click();
  await expect(page.getByLabel('Arquivo (CSV ou GeoJSON)')).toBeFocused();
  await page.getByLabel('Arquivo (CSV ou GeoJSON)').setInputFiles(fixed);
  await page.getByRole('button', { name: 'Verificar arquivo' }).click();
  await expect(page.getByText('3 postes no arquivo. Novos: 0; a atualizar: 0; sem mudança: 3.')).toBeVisible();
  await expect(page.getByText('Nada a importar: todos os postes já estão como no arquivo.')).toBeVisible();
});

test('an admin fixes a bad row with a GeoJSON file and imports it (en)', async ({ page, axe, baseURL }, testInfo) => {
  const username = uniqueUsername(testInfo, 'poles');
  await createAccountViaApi(baseURL as string, {
    username,
    password: 'poles-secret',
    name: 'Ann Poles',
    role: 'admin',
  });
  const prefix = `EN${Date.now().toString(36)}${testInfo.project.name.slice(0, 1)}`.toUpperCase();

  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await signInThroughForm(page, username, 'poles-secret', {
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
  });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/poles');
  await page.getByRole('link', { name: 'Import poles' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import poles');

  await page.getByLabel('Energy company').selectOption({ label: 'RGE' });
  await page
    .getByLabel('File (CSV or GeoJSON)')
    .setInputFiles(
      csvFile('poles.csv', [
        'number,lat,lon',
        `${prefix}-1,-30.1,-51.1`,
        `${prefix}-1,-30.2,-51.2`,
        `${prefix}-3,-30.3,-51.3`,
      ]),
    );
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    '1 error: fix the file and check it again. Nothing has been written.',
  );
  const row = page.getByRole('row').filter({ hasText: 'appears again' });
  await expect(row).toContainText('3');
  await expect(row).toContainText(`The number ${prefix}-1 appears again (first on line 2)`);
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
  await axe('preview with a row error en');

  const geojson = {
    type: 'FeatureCollection',
    features: [1, 2, 3].map((n) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-51 - n / 10, -30 - n / 10] },
      // A space the import removes from the first street, and lists.
      properties: { number: `${prefix}-${n}`, street: `Rua Voluntários da Pátria${n === 1 ? ' ' : ''}` },
    })),
  };
  await page.getByLabel('File (CSV or GeoJSON)').setInputFiles({
    name: 'poles.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(geojson)),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('3 poles in the file. New: 3; to update: 0; unchanged: 0.')).toBeVisible();
  await expect(page.getByText('No errors: the file can be imported.')).toBeVisible();
  const adjusted = page.getByRole('region', { name: 'Adjustments made (1)' });
  const streetRow = adjusted.getByRole('row').filter({ hasText: 'Spaces before or after the value removed.' });
  await expect(streetRow).toContainText('street');
  await expect(streetRow).toContainText('“Rua Voluntários da Pátria ”');
  await expect(streetRow).toContainText('“Rua Voluntários da Pátria”');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(streetRow.getByText('Will be stored')).toBeVisible();
  await expectNoSidewaysScroll(page, 'adjustments at 360 px en');
  await axe('preview with adjustments at 360 px en');
  await page.setViewportSize({ width: 1280, height: 800 });

  await expectProgressWhileImporting(page, 'Import 3 poles', 'Import progress');
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeFocused();
  await expect(page.getByText('Poles created: 3; updated: 0; unchanged: 0 (rows in the file: 3).')).toBeVisible();
  await axe('import finished en');

  // The registry lists them, by the number's start.
  await page.goto(`/admin/poles?q=${prefix}`);
  await expect(page.getByText('3 poles', { exact: true })).toBeVisible();
  for (const n of [1, 2, 3]) await expect(page.getByText(`${prefix}-${n}`, { exact: true }).first()).toBeVisible();
});
