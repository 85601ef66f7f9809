import { ANDRADAS, errorSummary, expectStep, type Lang, text } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';
import { tabTo } from './support/keyboard.ts';
import { publicCompany, seedPole, uniquePoleNumber } from './support/poles.ts';

const words = {
  pt: {
    wizard: 'Solicitar reparo de iluminação pública',
    step: ['Passo 1 de 3: Suas informações', 'Passo 2 de 3: Localização', 'Passo 3 de 3: Concessionária de energia'],
    done: 'Solicitação registrada',
    error: 'Erro: ',
    phoneRequired: 'O telefone é obrigatório',
    placeRequired: 'Selecione uma localização para continuar',
    problemRequired: 'Selecione o tipo de problema',
    search: 'Buscar endereço',
    toggle: 'Sei o número do poste',
    poleCompany: 'Concessionária do poste',
    poleNumber: 'Número do poste',
    ask: 'Trocar de concessionária?',
    askBody: (n: string) => `O poste ${n} é da Certel. Trocar de concessionária remove o poste da solicitação.`,
    keep: (n: string) => `Manter o poste ${n}`,
    change: 'Trocar e remover o poste',
    changed: (n: string) => `Concessionária trocada para CEEE: o poste ${n} foi removido da solicitação.`,
  },
  en: {
    wizard: 'Request a street-light repair',
    step: ['Step 1 of 3: Your Information', 'Step 2 of 3: Location', 'Step 3 of 3: Energy Company'],
    done: 'Request received',
    error: 'Error: ',
    phoneRequired: 'Phone number is required',
    placeRequired: 'Select a location to continue',
    problemRequired: 'Please select a problem type',
    search: 'Search address',
    toggle: 'I know the pole number',
    poleCompany: "Pole's energy company",
    poleNumber: 'Pole number',
    ask: 'Change the energy company?',
    askBody: (n: string) =>
      `Pole ${n} belongs to Certel. Changing the energy company removes the pole from the request.`,
    keep: (n: string) => `Keep pole ${n}`,
    change: 'Change and remove the pole',
    changed: (n: string) => `Energy company changed to CEEE: pole ${n} was removed from the request.`,
  },
} as const;

for (const lang of ['pt', 'en'] as const satisfies Lang[]) {
  test(`the wizard's titles, error summaries and company change, keyboard only (${lang})`, async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    const t = text[lang];
    const w = words[lang];
    const title = (step: string) => `${step} – ${w.wizard} · Acende`;
    const certel = await publicCompany(baseURL as string, 'Certel');
    const pole = await seedPole(baseURL as string, {
      companyId: certel.id,
      number: uniquePoleNumber(testInfo, `GOV-${lang}`),
      latitude: Number(ANDRADAS.lat),
      longitude: Number(ANDRADAS.lon),
      street: 'Rua dos Andradas, 1008',
    });

    await page.goto('/');
    await expect(page).toHaveTitle(`${words.pt.step[0]} – ${words.pt.wizard} · Acende`);
    const phone = page.getByLabel(new RegExp(`^${t.phone}`));
    if (lang === 'en') {
      await page.getByRole('button', { name: 'EN, Mudar para English' }).focus();
      await page.keyboard.press('Enter');
    }
    await expectStep(page, lang, 1);
    await expect(page).toHaveTitle(title(w.step[0]));
    await expect(page.getByText(t.stepOf(1, 3), { exact: true })).toBeVisible();

    // Step 1, Next with no phone: the summary takes the focus, the title says "Erro: ", its link
    // (the next Tab stop) takes the focus to the phone.
    await tabTo(page, page.getByRole('button', { name: t.next }));
    await page.keyboard.press('Enter');
    await expect(errorSummary(page, lang)).toBeFocused();
    await expect(page).toHaveTitle(`${w.error}${title(w.step[0])}`);
    await axe(`govuk: step 1 refused (${lang})`);
    await page.keyboard.press('Tab');
    await expect(errorSummary(page, lang).getByRole('link', { name: w.phoneRequired })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(phone).toBeFocused();
    await page.keyboard.type('(51) 99876-4321');
    // Mended: the summary goes, and "Erro: " with it.
    await expect(errorSummary(page, lang)).toHaveCount(0);
    await expect(page).toHaveTitle(title(w.step[0]));
    await tabTo(page, page.getByRole('button', { name: t.next }));
    await page.keyboard.press('Enter');

    // Step 2, Next with nothing chosen: every reason, each link to its control.
    await expectStep(page, lang, 2);
    await expect(page).toHaveTitle(title(w.step[1]));
    await tabTo(page, page.getByRole('button', { name: t.next }));
    await page.keyboard.press('Enter');
    const summary = errorSummary(page, lang);
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([w.placeRequired, w.problemRequired]);
    await expect(page).toHaveTitle(`${w.error}${title(w.step[1])}`);
    await axe(`govuk: step 2 refused (${lang})`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: w.search })).toBeFocused();

    // The place by the pole's number, a Certel pole.
    const toggle = page.getByRole('button', { name: w.toggle });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const company = page.getByLabel(new RegExp(`^${w.poleCompany}`));
    await tabTo(page, company);
    for (let i = 0; i < 5 && (await company.inputValue()) !== String(certel.id); i += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(company).toHaveValue(String(certel.id));
    await tabTo(page, page.getByLabel(new RegExp(`^${w.poleNumber}`)));
    await page.keyboard.type(pole.number);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('selected-pole')).toContainText(pole.number);
    // The summary follows: the place is there, the problem type is still missing.
    await expect(summary.getByRole('link')).toHaveText([w.problemRequired]);
    await tabTo(page, summary.getByRole('link', { name: w.problemRequired }));
    await page.keyboard.press('Enter');
    const problem = page.getByLabel(new RegExp(`^${t.problemType}`));
    await expect(problem).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(summary).toHaveCount(0);
    await expect(page).toHaveTitle(title(w.step[1]));
    await tabTo(page, page.getByRole('button', { name: t.next }));
    await page.keyboard.press('Enter');

    // Step 3: the pole's company is chosen. ↓ to RGE asks first; Cancel keeps both.
    await expectStep(page, lang, 3);
    await expect(page).toHaveTitle(title(w.step[2]));
    const certelRadio = page.getByRole('radio', { name: /Certel/ });
    await expect(certelRadio).toBeChecked();
    await tabTo(page, certelRadio);
    await page.keyboard.press('ArrowDown');
    const dialog = page.getByRole('alertdialog', { name: w.ask });
    await expect(dialog).toContainText(w.askBody(pole.number));
    await axe(`govuk: company change asked (${lang})`);
    const keep = dialog.getByRole('button', { name: w.keep(pole.number) });
    await expect(keep).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(certelRadio).toBeChecked();
    await expect(certelRadio).toBeFocused();
    await expect(page.getByTestId('summary-pole')).toHaveText(pole.number);

    // ↑ to CEEE, and this time confirmed: the company changes and the pole goes, said in a status.
    await page.keyboard.press('ArrowUp');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: w.change }), 3);
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    const ceeeRadio = page.getByRole('radio', { name: /CEEE/ });
    await expect(ceeeRadio).toBeChecked();
    await expect(ceeeRadio).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: w.changed(pole.number) })).toBeVisible();
    await expect(page.getByTestId('summary-pole')).toHaveCount(0);
    await axe(`govuk: company changed (${lang})`);

    await tabTo(page, page.getByRole('button', { name: t.submit }));
    await page.keyboard.press('Enter');
    await expectStep(page, lang, 4);
    await expect(page).toHaveTitle(title(w.done));
    const link = (await page.getByTestId('tracking-link').textContent()) ?? '';
    const ceee = await publicCompany(baseURL as string, 'CEEE');
    const stored = await (await fetch(link.replace('/track/', '/api/repair-requests/'))).json();
    expect(stored).toMatchObject({ company: String(ceee.id), poleNumber: null });
  });
}
