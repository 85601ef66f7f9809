// The device refuses its position: the citizen is told and goes on with the search box.
import {
  chooseProblem,
  confirmLocation,
  errorSummary,
  fillContact,
  openWizard,
  searchAndPick,
  toastWith,
} from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ permissions: [] });

for (const lang of ['pt', 'en'] as const) {
  test(`geolocation denied (${lang}): a toast, then the address search still works`, async ({ page, axe }) => {
    await openWizard(page, lang);
    await fillContact(page, lang, { phone: '51 98888-7777' });
    await expect(
      toastWith(
        page,
        lang === 'pt'
          ? 'Não foi possível obter sua localização. Informe-a manualmente.'
          : 'Could not get your location. Please provide it manually.',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('selected-address')).toHaveText(
      lang === 'pt' ? 'Nenhum endereço selecionado ainda' : 'No address selected yet',
    );
    await axe(`denied ${lang}`);

    // Next with nothing chosen says a location is needed, in the error summary.
    await page.getByRole('button', { name: lang === 'pt' ? 'Próximo' : 'Next' }).click();
    await expect(errorSummary(page, lang)).toBeFocused();
    await expect(errorSummary(page, lang)).toContainText(
      lang === 'pt' ? 'Selecione uma localização para continuar' : 'Select a location to continue',
    );

    // The search button with an empty box, then a search without results.
    await page.getByRole('button', { name: lang === 'pt' ? 'Buscar' : 'Search', exact: true }).click();
    await expect(
      toastWith(page, lang === 'pt' ? 'Digite um endereço para buscar' : 'Enter an address to search'),
    ).toBeVisible();
    const box = page.getByRole('combobox', { name: lang === 'pt' ? 'Buscar endereço' : 'Search address' });
    await box.fill('Xyzzy');
    await box.press('Enter');
    await expect(
      toastWith(
        page,
        lang === 'pt'
          ? 'Endereço não encontrado. Verifique e tente novamente.'
          : 'Address not found. Please check and try again.',
      ),
    ).toBeVisible();

    // Keyboard use of the suggestions: type, arrow down, Escape clears, arrow + Enter picks.
    await box.fill('Rua Padre');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1, { timeout: 15_000 });
    await box.press('Escape');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(0);
    await box.fill('Rua Joao Alfredo');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1, { timeout: 15_000 });
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page.getByTestId('selected-address')).toContainText('Rua João Alfredo');

    await searchAndPick(page, lang, 'Rua dos Andradas', 'Rua dos Andradas');
    await chooseProblem(page, lang, lang === 'pt' ? 'Sem lâmpada' : 'No Lamp');
    await confirmLocation(page, lang);
    await page.getByRole('button', { name: lang === 'pt' ? 'Próximo' : 'Next' }).click();
    await expect(page.getByRole('radio').first()).toBeVisible();
  });
}
