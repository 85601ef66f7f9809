// A citizen scans the QR label on a pole with a phone: its address, /p/{company}/{number},
// opens the wizard with the pole, its place and its company chosen, and the request is filed
// in two steps (contact; confirm, problem, send). The request carries the pole's number where
// others read it (the tracking page, the operator's detail); opening the label again warns
// that the pole already has an open request.
// Phone project only (playwright.config.ts).
import type { Page } from '@playwright/test';
import { signInThroughForm } from './support/admin.ts';
import { errorSummary, text as wizardText } from './support/citizen.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { publicCompany, seedPole, uniquePoleNumber } from './support/poles.ts';
import { expectNoSidewaysScroll, uniquePhone } from './support/requests.ts';

const words = {
  pt: {
    title: (n: string) => `Solicitar reparo do poste ${n}`,
    step1: 'Passo 1 de 2: Suas informações',
    step2: 'Passo 2 de 2: Confirme e envie',
    problem: 'Lâmpada apagada',
    pole: (n: string) => `Poste ${n}`,
    open: 'Este poste já tem uma solicitação em aberto',
    follow: (id: number) => `Acompanhar a solicitação nº ${id}`,
    poleLabel: 'Poste',
    notFound: 'Poste não encontrado',
    reportNormally: 'Fazer a solicitação sem o poste',
    signIn: { username: 'Nome de usuário', password: 'Senha', submit: 'Entrar' },
    detail: (id: number) => `Solicitação nº ${id}`,
    search: 'Buscar',
    elsewhere: 'Não é este poste? Informar outro local',
  },
  en: {
    title: (n: string) => `Request a repair of pole ${n}`,
    step1: 'Step 1 of 2: Your information',
    step2: 'Step 2 of 2: Confirm and send',
    problem: 'Light Out',
    pole: (n: string) => `Pole ${n}`,
    open: 'This pole already has an open request',
    follow: (id: number) => `Follow request no. ${id}`,
    poleLabel: 'Pole',
    notFound: 'Pole not found',
    reportNormally: 'Report without the pole',
    signIn: { username: 'Username', password: 'Password', submit: 'Sign in' },
    detail: (id: number) => `Request #${id}`,
    search: 'Search',
    elsewhere: 'Not this pole? Report another place',
  },
} as const;

for (const lang of ['pt', 'en'] as const) {
  test(`a citizen files about a pole from its QR label in two steps (${lang})`, async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    const t = wizardText[lang];
    const w = words[lang];
    const ceee = await publicCompany(baseURL as string, 'CEEE');
    const pole = await seedPole(baseURL as string, {
      companyId: ceee.id,
      number: uniquePoleNumber(testInfo, `QR-${lang}`),
      latitude: -30.0277,
      longitude: -51.2287,
      street: 'Rua dos Andradas, 1234',
    });

    await page.goto(`/p/${ceee.id}/${pole.number}`);
    if (lang === 'en') await page.getByRole('button', { name: 'Mudar para English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.title(pole.number) })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: w.step1 })).toBeVisible();
    await axe(`pole label: contact (${lang})`);

    // Step 1 of 2: contact.
    await page.getByLabel(new RegExp(`^${t.phone}`)).fill('(51) 99876-4321');
    await page.getByRole('button', { name: t.next }).click();

    // Step 2 of 2: the pole, its place and company are there; the problem is picked; sent.
    await expect(page.getByRole('heading', { level: 2, name: w.step2 })).toBeFocused();
    await expect(page.getByTestId('selected-pole')).toContainText(w.pole(pole.number));
    await expect(page.getByTestId('selected-pole')).toContainText('CEEE');
    await expect(page.getByTestId('pole-address')).toHaveText('Rua dos Andradas, 1234');
    await expect(page.getByTestId('pole-open-request')).toHaveCount(0);
    // Sending without a problem is refused: the error summary takes the focus, its link the field's.
    await page.getByRole('button', { name: t.submit }).click();
    await expect(errorSummary(page, lang)).toBeFocused();
    await errorSummary(page, lang).getByRole('link').click();
    const problem = page.getByLabel(new RegExp(`^${t.problemType}`));
    await expect(problem).toBeFocused();
    await expect(problem).toHaveAttribute('aria-invalid', 'true');
    await problem.selectOption({ label: w.problem });
    await axe(`pole label: confirm (${lang})`);
    await page.getByRole('button', { name: t.submit }).click();

    await expect(page.getByRole('heading', { level: 2, name: t.step(4) })).toBeFocused();
    await expect(page.getByTestId('success-pole')).toHaveText(pole.number);
    const id = Number(await page.getByTestId('request-id').textContent());
    expect(id).toBeGreaterThan(0);

    // The request carries the pole: its public tracking page shows the number.
    await page.getByTestId('tracking-link').click();
    await expect(page.getByTestId('track-pole')).toHaveText(pole.number);
    await expect(page.getByText(w.poleLabel, { exact: true })).toBeVisible();

    // The label again: the pole already has an open request, which the citizen can follow,
    // or file anyway.
    await page.goto(`/p/${ceee.id}/${pole.number.toLowerCase()}`);
    await expect(page.getByRole('heading', { level: 1, name: w.title(pole.number) })).toBeVisible();
    await page.getByLabel(new RegExp(`^${t.phone}`)).fill('(51) 99876-4321');
    await page.getByRole('button', { name: t.next }).click();
    const warning = page.getByTestId('pole-open-request');
    await expect(warning).toContainText(w.open);
    await expect(warning.getByRole('link', { name: w.follow(id) })).toHaveAttribute('href', `/track/${id}`);
    await expect(page.getByRole('button', { name: t.submit })).toBeEnabled();
    await axe(`pole label: open request warning (${lang})`);

    // Not this pole: the ordinary wizard, at its location step, with no pole and no place.
    await page.getByRole('button', { name: w.elsewhere }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 2, name: t.step(2) })).toBeVisible();
    await expect(page.getByTestId('selected-pole')).toHaveCount(0);

    // An address of no pole says so and offers the ordinary wizard.
    await page.goto(`/p/${ceee.id}/NO-SUCH-POLE-${lang.toUpperCase()}`);
    const alert = page.getByRole('alert').filter({ hasText: w.notFound });
    await expect(alert).toBeVisible();
    await axe(`pole label: unknown pole (${lang})`);
    await alert.getByRole('link', { name: w.reportNormally }).click();
    // The wizard as this session left it: contact given, at the location step, no pole.
    await expect(page.getByRole('heading', { level: 2, name: t.step(2) })).toBeVisible();
    await expect(page.getByTestId('selected-pole')).toHaveCount(0);

    // The operator sees the pole number on the request.
    await page.goto('/admin/login');
    await signInThroughForm(page, admin.username, admin.password, w.signIn);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto(`/admin/requests/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.detail(id));
    await expect(page.getByRole('definition').filter({ hasText: pole.number })).toBeVisible();

    // In the list at 360 px, the card keeps a long pole number inside it.
    await page.goto('/admin/requests');
    await page.getByLabel(w.search, { exact: true }).fill(String(id));
    await page.getByRole('button', { name: w.search, exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: pole.number })).toBeVisible();
    await expectNoSidewaysScroll(page, 'list with a long pole number');
  });
}

/** The pole in the wizard's draft on the device (IndexedDB), as the page reads it. */
const draftPole = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ id: number; openRequestId: number | null } | null>((resolve, reject) => {
        const open = indexedDB.open('acende', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('drafts').objectStore('drafts').get('wizard');
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result?.data?.pole ?? null);
          };
        };
      }),
  );

// A draft kept on the device keeps what was typed, never its pole: the label opened later
// (a closed tab, a new one) shows its own pole as it is now, with the request filed since.
test('a label opened over a draft shows its own pole and its open request now (pt)', async ({
  context,
  page: first,
  request,
  baseURL,
}, testInfo) => {
  const t = wizardText.pt;
  const ceee = await publicCompany(baseURL as string, 'CEEE');
  const place = { companyId: ceee.id, latitude: -30.0281, longitude: -51.2291, street: 'Rua da Praia, 500' };
  const drafted = await seedPole(baseURL as string, { ...place, number: uniquePoleNumber(testInfo, 'DRAFT') });
  const other = await seedPole(baseURL as string, { ...place, number: uniquePoleNumber(testInfo, 'OTHER') });

  // Contact given at one label: the draft on the device holds its pole, with no open request.
  await first.goto(`/p/${ceee.id}/${drafted.number}`);
  await first.getByLabel(new RegExp(`^${t.phone}`)).fill(uniquePhone());
  await first.getByRole('button', { name: t.next }).click();
  await expect(first.getByRole('heading', { level: 2, name: words.pt.step2 })).toBeFocused();
  await expect.poll(() => draftPole(first)).toMatchObject({ id: drafted.id, openRequestId: null });

  // Meanwhile someone else reports the same pole.
  const filed = await request.post('/api/repair-requests', {
    data: {
      phone: uniquePhone(),
      address: place.street,
      problemType: 'LIGHT_OUT',
      latitude: String(place.latitude),
      longitude: String(place.longitude),
      company: String(ceee.id),
      pole: String(drafted.id),
    },
  });
  expect(filed.status()).toBe(201);
  const { id } = (await filed.json()) as { id: number };

  // The tab closed, the label opened again in a new one: the open request is said.
  const again = await context.newPage();
  await first.close();
  await again.goto(`/p/${ceee.id}/${drafted.number}`);
  await again.getByLabel(new RegExp(`^${t.phone}`)).fill(uniquePhone());
  await again.getByRole('button', { name: t.next }).click();
  await expect(again.getByTestId('pole-open-request')).toContainText(words.pt.open);
  await expect(again.getByRole('link', { name: words.pt.follow(id) })).toHaveAttribute('href', `/track/${id}`);

  // Another pole's label, in yet another tab: that pole, not the draft's.
  const another = await context.newPage();
  await again.close();
  await another.goto(`/p/${ceee.id}/${other.number}`);
  await another.getByLabel(new RegExp(`^${t.phone}`)).fill(uniquePhone());
  await another.getByRole('button', { name: t.next }).click();
  await expect(another.getByTestId('selected-pole')).toContainText(words.pt.pole(other.number));
  await expect(another.getByTestId('pole-open-request')).toHaveCount(0);
});
