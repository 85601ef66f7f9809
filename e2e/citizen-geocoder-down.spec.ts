// The geocoder is down: the address becomes the coordinate text, a search reports an
// error, and the request can still be filed (with an unknown area). This journey runs
// on its own server and fake geocoder, so breaking it disturbs no other journey.
import {
  chooseProblem,
  confirmLocation,
  fillContact,
  type PrivateServer,
  startPrivateServer,
  toastWith,
} from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';

let privateServer: PrivateServer;
test.beforeAll(async () => {
  privateServer = await startPrivateServer();
  privateServer.geocoder.setDown(true);
});
test.afterAll(async () => {
  await privateServer?.stop();
});

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: -30.0312, longitude: -51.2306 },
  baseURL: undefined,
});

for (const lang of ['pt', 'en'] as const) {
  test(`geocoder down (${lang}): coordinates instead of an address, a search error, and the request still goes`, async ({
    page,
    axe,
  }) => {
    await page.goto(privateServer.url);
    if (lang === 'en') await page.getByRole('button', { name: 'Mudar para English' }).click();
    await fillContact(page, lang, { phone: '51 97777-6666' });
    await expect(page.getByTestId('selected-address')).toHaveText('Latitude: -30.031200, Longitude: -51.230600');
    await axe(`geocoder down ${lang}`);

    const box = page.getByRole('combobox', { name: lang === 'pt' ? 'Buscar endereço' : 'Search address' });
    await box.fill('Avenida Ipiranga');
    await page.getByRole('button', { name: lang === 'pt' ? 'Buscar' : 'Search', exact: true }).click();
    await expect(
      toastWith(
        page,
        lang === 'pt'
          ? 'Erro ao buscar o endereço. Tente novamente.'
          : 'Error searching for address. Please try again.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(0);

    await chooseProblem(page, lang, lang === 'pt' ? 'Lâmpada apagada' : 'Light Out');
    await confirmLocation(page, lang);
    await page.getByRole('button', { name: lang === 'pt' ? 'Próximo' : 'Next' }).click();
    await page.getByRole('radio', { name: /CEEE/ }).check();
    await page.getByRole('button', { name: lang === 'pt' ? 'Enviar solicitação' : 'Submit request' }).click();
    await expect(page.getByTestId('request-id')).toHaveText(/^\d+$/);
    await expect(page.getByText('Latitude: -30.031200, Longitude: -51.230600')).toBeVisible();
  });
}
