// What the citizen sees when the server refuses a request the wizard itself would never
// send (an address, coordinates or a problem type missing or wrong on the way): the error
// summary, with the focus, with the server's own validation message, in the chosen language,
// and the wizard stays on step 3 with everything kept.
import { ANDRADAS, chooseProblem, confirmLocation, errorSummary, fillContact, openWizard } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: Number(ANDRADAS.lat), longitude: Number(ANDRADAS.lon) },
});

const CASES = [
  { change: { address: '   ' }, pt: 'O endereço é obrigatório', en: 'Address is required' },
  { change: { latitude: undefined }, pt: 'A latitude é obrigatória', en: 'Latitude is required' },
  { change: { longitude: '' }, pt: 'A longitude é obrigatória', en: 'Longitude is required' },
  {
    change: { problemType: 'BROKEN_GLASS' },
    pt: 'Selecione um tipo de problema válido',
    en: 'Please select a valid problem type',
  },
  { change: { problemType: undefined }, pt: 'O tipo de problema é obrigatório', en: 'Please select a problem type' },
  { change: { phone: '' }, pt: 'O telefone é obrigatório', en: 'Phone number is required' },
  { change: { company: undefined }, pt: 'A concessionária é obrigatória', en: 'Please select an energy company' },
] as const;

for (const lang of ['pt', 'en'] as const) {
  test(`the server's validation messages reach the citizen (${lang})`, async ({ page }) => {
    let change: Record<string, unknown> = {};
    await page.route('**/api/repair-requests', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const body = { ...route.request().postDataJSON(), ...change };
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
      return route.continue({ postData: JSON.stringify(body) });
    });

    await openWizard(page, lang);
    await fillContact(page, lang, { phone: '51 94444-3333' });
    await expect(page.getByTestId('selected-address')).toContainText('Rua dos Andradas');
    await chooseProblem(page, lang, lang === 'pt' ? 'Lâmpada apagada' : 'Light Out');
    await confirmLocation(page, lang);
    await page.getByRole('button', { name: lang === 'pt' ? 'Próximo' : 'Next' }).click();
    await page.getByRole('radio', { name: /CEEE/ }).check();
    const submit = page.getByRole('button', { name: lang === 'pt' ? 'Enviar solicitação' : 'Submit request' });

    for (const testCase of CASES) {
      change = testCase.change;
      await submit.click();
      await expect(errorSummary(page, lang)).toBeFocused();
      await expect(errorSummary(page, lang)).toContainText(testCase[lang]);
      await expect(page.getByRole('radio', { name: /CEEE/ })).toBeChecked();
    }
  });
}
