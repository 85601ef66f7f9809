// A citizen files a request in Portuguese from start to end: contact, address search,
// confirmation, problem type, company, submit, copy the number, open the tracking link.
import {
  ANDRADAS,
  chooseProblem,
  confirmLocation,
  errorSummary,
  expectStep,
  fillContact,
  IPIRANGA,
  openWizard,
  readClipboard,
  searchAndPick,
  toastWith,
} from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';

test.use({
  permissions: ['geolocation', 'clipboard-read', 'clipboard-write'],
  geolocation: { latitude: Number(ANDRADAS.lat), longitude: Number(ANDRADAS.lon) },
});

test('a citizen files a request in Portuguese and follows it by its tracking link', async ({ page, axe }) => {
  await openWizard(page, 'pt');
  await expectStep(page, 'pt', 1);
  await expect(page.getByText('O telefone é obrigatório para que a equipe possa entrar em contato.')).toBeVisible();
  await axe('step 1');

  // The phone is required: the error summary takes the focus, with the shared schema's message
  // as a link to the field (which says it too).
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(errorSummary(page, 'pt')).toBeFocused();
  await errorSummary(page, 'pt').getByRole('link', { name: 'O telefone é obrigatório' }).click();
  await expect(page.getByLabel(/^Telefone/)).toBeFocused();
  await expect(page.getByLabel(/^Telefone/)).toHaveAccessibleDescription(/O telefone é obrigatório$/);
  await page.getByLabel('E-mail (opcional)', { exact: true }).fill('nao-e-email');
  await page.getByLabel(/^Telefone/).fill('(51) 99876-4321');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(errorSummary(page, 'pt').getByRole('link')).toHaveText(['O formato do e-mail é inválido']);
  await page.getByLabel('E-mail (opcional)', { exact: true }).fill('');

  await fillContact(page, 'pt', { name: 'Maria da Silva', email: 'maria@example.com', phone: '(51) 99876-4321' });
  await expect(page.getByRole('heading', { level: 2, name: 'Passo 2: Localização' })).toBeFocused();

  // The device position arrives and its address is looked up.
  await expect(page.getByTestId('selected-address')).toContainText('Rua dos Andradas');
  await expect(page.getByRole('region', { name: 'Mapa da localização do problema' })).toHaveCSS('height', '250px');
  await expect(page.getByRole('complementary')).toContainText('Maria da Silva');
  await axe('step 2');

  // Next without a problem type nor a confirmed location: both, in the summary; then without confirming.
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(errorSummary(page, 'pt')).toBeFocused();
  await expect(errorSummary(page, 'pt').getByRole('listitem')).toHaveText([
    'Confirme a localização antes de continuar',
    'Selecione o tipo de problema',
  ]);
  await chooseProblem(page, 'pt', 'Poste caído');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(errorSummary(page, 'pt').getByRole('listitem')).toHaveText([
    'Confirme a localização antes de continuar',
  ]);

  // Search another address and pick it from the suggestions; the search clears nothing else.
  await searchAndPick(page, 'pt', 'Avenida Ipiranga', 'Avenida Ipiranga');
  await axe('step 2 with a picked address');
  await confirmLocation(page, 'pt');
  await page.getByLabel('Ponto de referência').fill('Em frente ao posto');
  await page.getByRole('button', { name: 'Próximo' }).click();

  await expectStep(page, 'pt', 3);
  const summary = page.getByRole('complementary');
  await expect(summary).toContainText('Avenida Ipiranga');
  await expect(summary).toContainText('Poste caído');
  await expect(summary).toContainText('Em frente ao posto');

  // Back keeps what was chosen.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expectStep(page, 'pt', 2);
  await expect(page.getByTestId('selected-address')).toContainText('Avenida Ipiranga');
  await expect(page.getByLabel(/^Tipo de problema/)).toHaveValue('FALLEN_POLE');
  await expect(page.getByText('Localização confirmada').first()).toBeVisible();
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expectStep(page, 'pt', 3);

  // A reload keeps the wizard's data.
  await page.reload();
  await expectStep(page, 'pt', 3);
  await expect(page.getByRole('complementary')).toContainText('Avenida Ipiranga');

  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(errorSummary(page, 'pt')).toBeFocused();
  await expect(errorSummary(page, 'pt')).toContainText('Selecione uma concessionária de energia');
  await page.getByRole('radio', { name: /Certel/ }).check();
  await expect(page.getByRole('complementary')).toContainText('Certel');
  await axe('step 3');
  const filing = page.waitForResponse(
    (r) => r.url().endsWith('/api/repair-requests') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  // A fallen pole is due in 24 hours by default (decision 0029); the citizen reads its day in São Paulo.
  const { dueAt } = (await (await filing).json()) as { dueAt: string };
  expect(Math.abs(Date.parse(dueAt) - Date.now() - 24 * 3_600_000)).toBeLessThan(5 * 60_000);
  const day = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' });
  const repairDate = `Previsão de reparo: até ${day.format(new Date(dueAt))}`;

  await expectStep(page, 'pt', 4);
  await expect(page.getByText('Solicitação enviada com sucesso!')).toBeVisible();
  await expect(page.getByTestId('repair-date')).toHaveText(repairDate);
  const id = (await page.getByTestId('request-id').textContent())?.trim() ?? '';
  expect(id).toMatch(/^\d+$/);
  const link = page.getByTestId('tracking-link');
  await expect(link).toHaveText(new RegExp(`/track/${id}\\?t=[A-Za-z0-9_-]+$`));
  // E-mail sending is off on this server: the citizen gave an address, yet is told plainly that none went out.
  await expect(page.getByTestId('email-notice')).toHaveText(
    'Nenhum e-mail foi enviado: este serviço não está enviando e-mails no momento. Guarde o número da solicitação e o link de rastreamento para acompanhar o reparo.',
  );
  await expect(page.getByText(IPIRANGA.display_name)).toBeVisible();
  await expect(page.getByText('Em frente ao posto')).toBeVisible();
  await axe('success');

  await page.getByRole('button', { name: 'Copiar número' }).click();
  await expect(toastWith(page, 'Copiado!')).toBeVisible();
  expect(await readClipboard(page)).toBe(id);
  await page.getByRole('button', { name: 'Copiar link de rastreamento' }).click();
  expect(await readClipboard(page)).toBe(await link.textContent());

  await link.click();
  await expect(page.getByRole('heading', { level: 2, name: `Solicitação nº ${id}` })).toBeVisible();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Aberta');
  await expect(page.getByText('Maria da Silva')).toBeVisible();
  await expect(page.getByText('(51) 99876-4321')).toBeVisible();
  await expect(page.getByText('Certel')).toBeVisible();
  await expect(page.getByText(/^Criada (agora|há)/)).toBeVisible();
  await expect(page.getByTestId('repair-date')).toHaveText(repairDate);
  await axe('tracking');

  // Back to the start: the wizard is empty again.
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expectStep(page, 'pt', 1);
  await expect(page.getByLabel(/^Telefone/)).toHaveValue('');
});

test('"make a new request" clears everything back to step 1', async ({ page }) => {
  await openWizard(page, 'pt');
  await fillContact(page, 'pt', { phone: '51 3333-2222' });
  await expect(page.getByTestId('selected-address')).toContainText('Rua dos Andradas');
  await chooseProblem(page, 'pt', 'Lâmpada apagada');
  await confirmLocation(page, 'pt');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await page.getByRole('radio', { name: /CEEE/ }).check();
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expectStep(page, 'pt', 4);
  await expect(page.getByText('Não informado')).toBeVisible();
  await expect(page.getByTestId('email-notice')).toHaveText(/^Nenhum e-mail foi enviado, porque você não informou/);
  await page.getByRole('button', { name: 'Fazer nova solicitação' }).click();
  await expectStep(page, 'pt', 1);
  await expect(page.getByLabel(/^Telefone/)).toHaveValue('');
  await page.reload();
  await expectStep(page, 'pt', 1);
  await expect(page.getByLabel(/^Telefone/)).toHaveValue('');
});
