import { ANDRADAS, expectStep, type Lang, text } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';
import { tabTo } from './support/keyboard.ts';
import { publicCompany, seedPole, uniquePoleNumber } from './support/poles.ts';

const words = {
  pt: {
    toggle: 'Sei o número do poste',
    company: 'Concessionária do poste',
    number: 'Número do poste',
    find: 'Buscar poste',
    notFound: 'Nenhum poste em serviço tem este número nesta concessionária',
    found: (n: string) => `Poste ${n} da CEEE selecionado. A localização é a do poste.`,
  },
  en: {
    toggle: 'I know the pole number',
    company: "Pole's energy company",
    number: 'Pole number',
    find: 'Find pole',
    notFound: 'No pole in service has this number at this energy company',
    found: (n: string) => `Pole ${n} of CEEE selected. The location is the pole's.`,
  },
} as const;

for (const lang of ['pt', 'en'] as const satisfies Lang[]) {
  test(`a citizen reports by typing a pole number, keyboard only (${lang})`, async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    const t = text[lang];
    const w = words[lang];
    const ceee = await publicCompany(baseURL as string, 'CEEE');
    // No street in the registry: the address comes from the geocoder, from the pole's place.
    const pole = await seedPole(baseURL as string, {
      companyId: ceee.id,
      number: uniquePoleNumber(testInfo, `KB-${lang}`),
      latitude: Number(ANDRADAS.lat),
      longitude: Number(ANDRADAS.lon),
    });

    await page.goto('/');
    await expectStep(page, 'pt', 1);
    const phone = page.getByLabel(new RegExp(`^${t.phone}`));
    if (lang === 'en') {
      await page.getByRole('button', { name: 'EN, Mudar para English' }).focus();
      await page.keyboard.press('Enter');
      await expectStep(page, 'en', 1);
      await tabTo(page, phone);
    } else {
      await phone.focus();
    }
    await page.keyboard.type('(51) 99876-4321');
    await tabTo(page, page.getByRole('button', { name: t.next }));
    await page.keyboard.press('Enter');

    // Step 2, no map: "I know the pole number".
    await expectStep(page, lang, 2);
    const toggle = page.getByRole('button', { name: w.toggle });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const company = page.getByLabel(new RegExp(`^${w.company}`));
    await tabTo(page, company);
    await page.keyboard.press('ArrowDown');
    await expect(company).toHaveValue(String(ceee.id));
    const number = page.getByLabel(new RegExp(`^${w.number}`));
    await tabTo(page, number);
    // A number no pole has: refused at the field, which keeps the focus and says why.
    await page.keyboard.type('NO-SUCH-POLE');
    await page.keyboard.press('Enter');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toBeFocused();
    // Shown under the field (the status line, for screen readers, may say it too).
    await expect(page.getByText(w.notFound).first()).toBeVisible();
    await expect(number).toHaveAccessibleDescription(new RegExp(w.notFound));
    await axe(`pole number: refused (${lang})`);

    // The number as read from the plate: lower case, spaces for hyphens.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(pole.number.toLowerCase().replaceAll('-', ' '));
    await page.keyboard.press('Enter');
    const chosen = page.getByTestId('selected-pole');
    await expect(chosen).toBeFocused();
    await expect(chosen).toContainText(pole.number);
    await expect(page.getByRole('status').filter({ hasText: w.found(pole.number) })).toBeAttached();
    // The pole's place is the request's, confirmed; its address came from the geocoder.
    await expect(page.getByTestId('location-confirmed')).toBeVisible();
    await expect(page.getByTestId('selected-address')).toContainText('Porto Alegre');
    await expect(page.getByTestId('summary-pole')).toHaveText(pole.number);
    await axe(`pole number: chosen (${lang})`);

    const problem = page.getByLabel(new RegExp(`^${t.problemType}`));
    await tabTo(page, problem);
    await page.keyboard.press('ArrowDown');
    await expect(problem).not.toHaveValue('');
    await tabTo(page, page.getByRole('button', { name: t.next }));
    await page.keyboard.press('Enter');

    // Step 3: the pole's company is chosen already.
    await expectStep(page, lang, 3);
    await expect(page.getByRole('radio', { name: /CEEE/ })).toBeChecked();
    await expect(page.getByTestId('summary-pole')).toHaveText(pole.number);
    await tabTo(page, page.getByRole('button', { name: t.submit }));
    await page.keyboard.press('Enter');

    await expectStep(page, lang, 4);
    await expect(page.getByTestId('success-pole')).toHaveText(pole.number);
    const link = (await page.getByTestId('tracking-link').textContent()) ?? '';
    const stored = await (await fetch(link.replace('/track/', '/api/repair-requests/'))).json();
    expect(stored).toMatchObject({ poleNumber: pole.number, company: String(ceee.id) });
    expect(Number(stored.latitude)).toBeCloseTo(Number(ANDRADAS.lat), 4);
  });
}

test('a citizen taps a pole on the map, and the request is about that pole (pt)', async ({
  page,
  baseURL,
}, testInfo) => {
  const t = text.pt;
  const ceee = await publicCompany(baseURL as string, 'CEEE');
  const near = (dLat: number) => ({
    companyId: ceee.id,
    latitude: Number(ANDRADAS.lat) + dLat,
    longitude: Number(ANDRADAS.lon),
  });
  const first = await seedPole(baseURL as string, { ...near(0), number: uniquePoleNumber(testInfo, 'MAPA') });
  const second = await seedPole(baseURL as string, { ...near(0.0004), number: uniquePoleNumber(testInfo, 'MAPA') });

  await page.goto('/');
  await page.getByLabel(new RegExp(`^${t.phone}`)).fill('(51) 99876-4321');
  await page.getByRole('button', { name: t.next }).click();
  await expectStep(page, 'pt', 2);
  // The number brings the map to the first pole; its neighbour is drawn on the map's layer.
  await page.getByRole('button', { name: words.pt.toggle }).click();
  await page.getByLabel(new RegExp(`^${words.pt.company}`)).selectOption(String(ceee.id));
  await page.getByLabel(new RegExp(`^${words.pt.number}`)).fill(first.number);
  await page.getByRole('button', { name: words.pt.find }).click();
  await expect(page.getByTestId('selected-pole')).toContainText(first.number);

  const marker = page.getByRole('button', { name: `Poste ${second.number}`, exact: true });
  await expect(marker).toBeVisible();
  await marker.click();
  await expect(page.getByTestId('selected-pole')).toContainText(second.number);
  await expect(page.getByTestId('summary-pole')).toHaveText(second.number);
  await expect(page.getByRole('button', { name: `Poste ${second.number}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
