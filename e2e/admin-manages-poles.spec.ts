// An administrator registers a pole, finds it by its number, edits it and deactivates it;
// the same number again in the same company is refused with the server's message. Once in
// Portuguese and once in English, each screen scanned by axe.
import { navigateTo, signInThroughForm } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { admin, expect, test } from './support/fixtures.ts';

const WORDS = {
  pt: {
    signIn: undefined,
    nav: 'Postes',
    title: 'Postes',
    new: 'Novo poste',
    save: 'Salvar',
    numberRequired: 'O número do poste é obrigatório',
    company: 'Concessionária',
    number: 'Número',
    latitude: 'Latitude',
    longitude: 'Longitude',
    street: 'Rua',
    created: (n: string) => `Poste ${n} cadastrado`,
    search: 'Buscar',
    searchButton: 'Buscar',
    select: (n: string) => `Selecionar o poste ${n} (CEEE)`,
    selected: '1 poste selecionado',
    edit: (n: string) => `Editar o poste ${n} (CEEE)`,
    updated: (n: string) => `Poste ${n} salvo`,
    duplicate: (n: string) => `Já existe um poste com o número ${n} nesta concessionária`,
    numberTaken: 'Outro poste desta concessionária já tem este número',
    deactivate: (n: string) => `Desativar o poste ${n} (CEEE)`,
    confirm: 'Desativar',
    deactivated: (n: string) => `Poste ${n} desativado`,
    inactive: 'Inativo',
  },
  en: {
    signIn: { username: 'Username', password: 'Password', submit: 'Sign in' },
    nav: 'Poles',
    title: 'Poles',
    new: 'New pole',
    save: 'Save',
    numberRequired: 'The pole number is required',
    company: 'Energy company',
    number: 'Number',
    latitude: 'Latitude',
    longitude: 'Longitude',
    street: 'Street',
    created: (n: string) => `Pole ${n} registered`,
    search: 'Search',
    searchButton: 'Search',
    select: (n: string) => `Select pole ${n} (CEEE)`,
    selected: '1 pole selected',
    edit: (n: string) => `Edit pole ${n} (CEEE)`,
    updated: (n: string) => `Pole ${n} saved`,
    duplicate: (n: string) => `A pole numbered ${n} already exists in this company`,
    numberTaken: 'Another pole of this company already has this number',
    deactivate: (n: string) => `Deactivate pole ${n} (CEEE)`,
    confirm: 'Deactivate',
    deactivated: (n: string) => `Pole ${n} deactivated`,
    inactive: 'Inactive',
  },
};

for (const lang of ['pt', 'en'] as const) {
  test(`an admin registers, finds, edits and deactivates a pole; a duplicate number is refused (${lang})`, async ({
    page,
    axe,
  }, testInfo) => {
    const w = WORDS[lang];
    // Typed in lower case with a space: stored upper case with a hyphen.
    const typed = `e2e ${lang}${testInfo.project.name[0]}${Date.now().toString(36)}`;
    const number = typed.toUpperCase().replace(' ', '-');

    await page.goto('/admin/login');
    if (lang === 'en') await page.getByRole('button', { name: 'Mudar para English' }).click();
    await signInThroughForm(page, admin.username, admin.password, w.signIn);
    await navigateTo(page, w.nav);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.title);

    await page.getByRole('link', { name: w.new }).click();
    await page.getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.numberRequired, { exact: true })).toBeVisible();
    await axe(`pole form with errors ${lang}`);

    const fill = async () => {
      // The form on screen first: the URL changes before the form's page replaces the list, whose
      // company filter has the same label (CI chose CEEE in the list's filter once, which took the
      // page back to the list).
      await expect(page.getByLabel(w.number)).toBeVisible();
      await page.getByLabel(w.company).selectOption({ label: 'CEEE' });
      await page.getByLabel(w.number).fill(typed);
      await page.getByLabel(w.latitude).fill('-30.0277');
      await page.getByLabel(w.longitude).fill('-51.2287');
    };
    await fill();
    await page.getByLabel(w.street).fill('Rua dos Andradas');
    await page.getByRole('button', { name: w.save }).click();
    await expect(toastWith(page, w.created(number))).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/poles$/);

    // Found by the beginning of its number, typed as a person types it.
    await page.getByLabel(w.search, { exact: true }).fill(typed.slice(0, -1));
    await page.getByRole('button', { name: w.searchButton, exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Rua dos Andradas');
    await page.getByRole('checkbox', { name: w.select(number) }).check();
    await expect(page.getByText(w.selected, { exact: true })).toBeVisible();
    await axe(`pole list ${lang}`);
    // At 360 px the rows are cards: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
      false,
    );

    await page.getByRole('link', { name: w.edit(number) }).click();
    await page.getByLabel(w.street).fill('Avenida Ipiranga');
    await page.getByRole('button', { name: w.save }).click();
    await expect(toastWith(page, w.updated(number))).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/poles$/);

    // The same number in the same company: the server refuses it, on the field and in the toast.
    await page.getByRole('link', { name: w.new }).click();
    await expect(page).toHaveURL(/\/admin\/poles\/new$/);
    await fill();
    await page.getByRole('button', { name: w.save }).click();
    await expect(toastWith(page, w.duplicate(number))).toBeVisible();
    await expect(page.getByText(w.numberTaken, { exact: true })).toBeVisible();
    await axe(`pole form refused ${lang}`);

    await navigateTo(page, w.nav);
    await page.getByLabel(w.search, { exact: true }).fill(number);
    await page.getByRole('button', { name: w.searchButton, exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Avenida Ipiranga');
    await page.getByRole('button', { name: w.deactivate(number) }).click();
    await axe(`deactivate confirmation ${lang}`);
    await page.getByRole('alertdialog').getByRole('button', { name: w.confirm }).click();
    await expect(toastWith(page, w.deactivated(number))).toBeVisible();
    await expect(row).toContainText(w.inactive);
  });
}
