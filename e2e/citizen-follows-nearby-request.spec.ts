// Issue 22 (decision 0034): a second citizen at the same spot sees, in step 2, the request
// already open there (problem, status, age; no contact data), follows it with an e-mail
// instead of filing it again, and the unsubscribe page answers a bad link in words.
// Both languages; axe on the new parts. (The status e-mail through a real SMTP server is in
// followers.routes.test.ts.)
import { confirmLocation, fillContact, openWizard, searchAndPick } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';
import { uniquePhone } from './support/requests.ts';

const words = {
  pt: {
    nearby: 'Já registrado perto daqui',
    item: (id: number) => `Nº ${id} · Sem lâmpada · Aberta`,
    follow: (id: number) => `Acompanhar a nº ${id}`,
    email: 'Seu e-mail',
    submit: 'Acompanhar',
    done: (id: number) => `Pronto! Você acompanha a solicitação nº ${id}. Não é preciso registrar outra.`,
    badEmail: 'O formato do e-mail é inválido',
    unsubscribe: 'Cancelar os e-mails',
    invalid: 'Este link de cancelamento não é válido ou já foi usado',
  },
  en: {
    nearby: 'Already reported near here',
    item: (id: number) => `No. ${id} · No Lamp · Open`,
    follow: (id: number) => `Follow no. ${id}`,
    email: 'Your e-mail',
    submit: 'Follow',
    done: (id: number) => `Done! You are following request no. ${id}. There is no need to file another.`,
    badEmail: 'The e-mail format is invalid',
    unsubscribe: 'Unsubscribe',
    invalid: 'This unsubscribe link is not valid or has already been used',
  },
} as const;

for (const lang of ['pt', 'en'] as const) {
  const w = words[lang];
  test(`a second citizen sees the open request at the spot and follows it (${lang})`, async ({
    page,
    request,
    axe,
  }) => {
    // The first citizen's request, at the place the search below finds (Rua Padre Chagas).
    const filed = await request.post('/api/repair-requests', {
      data: {
        name: 'Primeira Cidadã',
        email: 'primeira@example.com',
        phone: uniquePhone(),
        address: 'Rua Padre Chagas, Moinhos de Vento, Porto Alegre',
        problemType: 'NO_LAMP',
        latitude: '-30.0246',
        longitude: '-51.2026',
        company: '1',
      },
    });
    expect(filed.status()).toBe(201);
    const { id } = (await filed.json()) as { id: number };

    await openWizard(page, lang);
    await fillContact(page, lang, { phone: uniquePhone() });
    await searchAndPick(page, lang, 'Padre Chagas', 'Rua Padre Chagas');
    await confirmLocation(page, lang);

    const nearby = page.getByRole('region', { name: w.nearby });
    await expect(nearby.getByText(w.item(id))).toBeVisible();
    await expect(nearby).not.toContainText('Primeira');
    await expect(nearby).not.toContainText('primeira@example.com');
    await axe('nearby requests');

    await nearby.getByRole('button', { name: w.follow(id) }).click();
    const email = nearby.getByLabel(w.email);
    await email.fill('not-an-email');
    await nearby.getByRole('button', { name: w.submit, exact: true }).click();
    await expect(nearby.getByText(w.badEmail)).toBeVisible();
    await email.fill(`vizinho-${lang}@example.com`);
    await email.press('Enter');
    await expect(nearby.getByText(w.done(id))).toBeVisible({ timeout: 40_000 });
    await axe('followed');

    // A link from an e-mail that is not (or no longer) valid says so, without signing in.
    await page.goto('/unsubscribe?token=fAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByRole('button', { name: w.unsubscribe }).click();
    await expect(page.getByRole('alert')).toHaveText(w.invalid);
  });
}
