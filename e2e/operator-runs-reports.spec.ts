// An operator filters the requests report by status and dates, prints it, exports it as
// a PDF (the download arrives and has pages), then opens the area report and the location
// map, and exports the map's CSV in English; every screen passes an axe scan.
import { readFileSync } from 'node:fs';
import { createAccountViaApi, navigateTo, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';

test.describe.configure({ timeout: 120_000 });

/** Today in the service's time zone, as the date inputs take it. */
function todayInSaoPaulo(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

test('an operator filters the requests report, exports a PDF and opens the area and map reports', async ({
  page,
  request,
  baseURL,
  axe,
}, testInfo) => {
  const token = `Relatorio${Date.now().toString(36)}${testInfo.project.name}`;
  for (const problemType of ['LIGHT_OUT', 'NO_LAMP']) {
    const res = await request.post('/api/repair-requests', {
      data: {
        phone: '(51) 98888-1234',
        address: `Rua ${token}, ${problemType === 'LIGHT_OUT' ? 10 : 20} - Centro, Porto Alegre - RS`,
        problemType,
        latitude: '-30.0346',
        longitude: '-51.2177',
        company: '1',
      },
    });
    expect(res.status()).toBe(201);
  }
  const username = uniqueUsername(testInfo, 'relatorios');
  await createAccountViaApi(baseURL!, {
    username,
    password: 'relatorios-senha',
    name: 'Rita Relatórios',
    role: 'user',
  });

  await page.goto('/admin/login');
  await signInThroughForm(page, username, 'relatorios-senha');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');

  await navigateTo(page, 'Relatórios');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Relatórios');
  await axe('reports menu');
  await page.getByRole('link', { name: /Relatório de solicitações/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Relatório de solicitações');

  const today = todayInSaoPaulo();
  await page.getByLabel('Status', { exact: true }).selectOption('open');
  await page.getByLabel('Data inicial').fill(today);
  await page.getByLabel('Data final').fill(today);
  await page.getByLabel('Busca').fill(token);
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page).toHaveURL(new RegExp(`status=open.*startDate=${today}.*endDate=${today}`));
  await expect(page.getByRole('row').filter({ hasText: token })).toHaveCount(2);
  await expect(page.getByText('Total de solicitações: 2')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: token }).first()).toContainText('Aberta');
  await axe('requests report, filtered');

  // Printed, the report stands alone: no header, navigation, filters or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Aplicar filtros' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: token })).toHaveCount(2);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();

  // An end date before the start date is refused on the form, in words.
  await page.getByLabel('Data final').fill('2020-01-01');
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page.getByText('A data final deve ser igual ou posterior à data inicial')).toBeVisible();
  await page.getByLabel('Data final').fill(today);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar PDF' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^relatorio-solicitacoes-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = readFileSync((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0).toBeGreaterThan(0);
  await expect(page.getByText('PDF exportado', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Todos os relatórios' }).click();
  await page.getByRole('link', { name: /Relatório por área/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Relatório por área');
  await expect(page.getByRole('rowheader').first()).toBeVisible();
  await axe('area report');

  await page.getByRole('link', { name: 'Todos os relatórios' }).click();
  await page.getByRole('link', { name: /Relatório de mapa de localização/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Relatório de mapa de localização');
  await expect(page.getByRole('region', { name: 'Mapa das solicitações encontradas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Legenda' })).toBeVisible();
  // The map's zoom buttons speak the page's language (issue 35: they said "Zoom in").
  await expect(page.getByRole('button', { name: 'Aproximar' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Afastar' })).toBeAttached();
  await page.getByLabel('Camada de calor').check();
  await axe('location map report');

  // In English, the same screen and its exports speak English.
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Location map report');
  await expect(page.getByLabel('Heat layer')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeAttached();
  const csvPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvPromise;
  expect(csv.suggestedFilename()).toMatch(/^location-map-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await csv.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFFNumber;Status;Problem type;Address;Latitude;Longitude\r\n')).toBe(true);
  await expect(page.getByText('CSV Exported', { exact: true })).toBeVisible();
  await axe('location map report in English');
});
