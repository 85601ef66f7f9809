// The submission fails: the citizen stays on step 3 with the error toast and its message,
// and a retry sends the same Idempotency-Key, so the request is filed once.
import { ANDRADAS, chooseProblem, confirmLocation, fillContact, openWizard, toastWith } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: Number(ANDRADAS.lat), longitude: Number(ANDRADAS.lon) },
});

for (const lang of ['pt', 'en'] as const) {
  test(`submission failure (${lang}): stays on step 3 with the toast, and the retry files it once`, async ({
    page,
    axe,
  }) => {
    const keys: string[] = [];
    let fail = true;
    await page.route('**/api/repair-requests', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (fail) {
        return route.fulfill({
          status: 503,
          json: { message: lang === 'pt' ? 'Serviço indisponível no momento' : 'Service unavailable at the moment' },
        });
      }
      return route.fallback();
    });

    await openWizard(page, lang);
    await fillContact(page, lang, { phone: '51 95555-4444' });
    await expect(page.getByTestId('selected-address')).toContainText('Rua dos Andradas');
    await chooseProblem(page, lang, lang === 'pt' ? 'Poste danificado' : 'Pole Damage');
    await confirmLocation(page, lang);
    await page.getByRole('button', { name: lang === 'pt' ? 'Próximo' : 'Next' }).click();
    await page.getByRole('radio', { name: /Certel/ }).check();
    const submit = page.getByRole('button', { name: lang === 'pt' ? 'Enviar solicitação' : 'Submit request' });
    await submit.click();

    const toast = toastWith(page, lang === 'pt' ? 'Erro ao enviar solicitação' : 'Error submitting request');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(lang === 'pt' ? 'Serviço indisponível no momento' : 'Service unavailable');
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: lang === 'pt' ? 'Passo 3: Concessionária de energia' : 'Step 3: Energy Company',
      }),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: /Certel/ })).toBeChecked();
    await axe(`submission failed ${lang}`);

    fail = false;
    await submit.click();
    await expect(page.getByTestId('request-id')).toHaveText(/^\d+$/);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
}
