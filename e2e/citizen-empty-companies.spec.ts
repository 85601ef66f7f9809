// Step 3 when the company list is empty or fails to load: a message, a reload button on
// failure, and no way to submit. The answers are replaced in the browser only.
import { ANDRADAS, chooseProblem, confirmLocation, fillContact, openWizard } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: Number(ANDRADAS.lat), longitude: Number(ANDRADAS.lon) },
});

async function reachStep3(page: import('@playwright/test').Page, lang: 'pt' | 'en') {
  await openWizard(page, lang);
  await fillContact(page, lang, { phone: '51 96666-5555' });
  await expect(page.getByTestId('selected-address')).toContainText('Rua dos Andradas');
  await chooseProblem(page, lang, lang === 'pt' ? 'Lâmpada apagada' : 'Light Out');
  await confirmLocation(page, lang);
  await page.getByRole('button', { name: lang === 'pt' ? 'Próximo' : 'Next' }).click();
}

for (const lang of ['pt', 'en'] as const) {
  test(`no active company (${lang}): the empty message and a disabled submit`, async ({ page, axe }) => {
    await page.route('**/api/energy-companies', (route) => route.fulfill({ json: [] }));
    await reachStep3(page, lang);
    await expect(
      page.getByText(
        lang === 'pt'
          ? 'Nenhuma concessionária de energia disponível no momento'
          : 'No energy companies available at the moment',
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: lang === 'pt' ? 'Enviar solicitação' : 'Submit request' }),
    ).toBeDisabled();
    await axe(`empty companies ${lang}`);
  });

  test(`company list fails (${lang}): an error with a reload button that works`, async ({ page, axe }) => {
    let fail = true;
    await page.route('**/api/energy-companies', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.fallback(),
    );
    await reachStep3(page, lang);
    await expect(
      page.getByText(
        lang === 'pt' ? 'Erro ao carregar as concessionárias de energia' : 'Error loading energy companies',
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: lang === 'pt' ? 'Enviar solicitação' : 'Submit request' }),
    ).toBeDisabled();
    await axe(`companies error ${lang}`);
    fail = false;
    await page.getByRole('button', { name: lang === 'pt' ? 'Recarregar página' : 'Reload page' }).click();
    await expect(page.getByRole('radio', { name: /CEEE/ })).toBeVisible();
  });
}
