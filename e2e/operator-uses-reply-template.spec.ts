// An administrator keeps reply templates and applies one on a request (issue 23): in
// Portuguese a template for "in progress" fills the notes with its Portuguese text; in
// English one for "completed" fills them with its English text; both land in the history.
// One sign-in for the whole journey; the templates it made are deleted at the end.
import { navigateTo, signInThroughForm } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { expectNoSidewaysScroll, fileRequest, uniquePhone } from './support/requests.ts';

test.describe.configure({ timeout: 90_000 });

const PT = {
  progress: 'Equipe enviada: a lâmpada será trocada em até 48 horas.',
  progressEn: 'A crew is on its way: the lamp will be replaced within 48 hours.',
  done: 'Lâmpada trocada. Obrigado pelo aviso!',
  doneEn: 'Lamp replaced. Thank you for letting us know!',
};

test('an admin keeps reply templates and applies one in Portuguese and one in English', async ({
  page,
  request,
  axe,
}, testInfo) => {
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const created = await fileRequest(request, uniquePhone());

  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');

  // Portuguese: the screen, a refused empty form, then a template for "in progress".
  await navigateTo(page, 'Modelos de resposta');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Modelos de resposta');
  await page.getByRole('button', { name: 'Novo modelo' }).click();
  await page.getByRole('button', { name: 'Salvar modelo' }).click();
  await expect(page.getByText('Informe o nome do modelo')).toBeVisible();
  await expect(page.getByText('Informe o texto em inglês')).toBeVisible();
  await axe('reply template form with errors');
  const progressName = `Equipe a caminho ${suffix}`;
  await page.getByLabel('Nome').fill(progressName);
  await page.getByLabel('Status').selectOption({ label: 'Em andamento' });
  await page.getByLabel('Texto em português').fill(PT.progress);
  await page.getByLabel('Texto em inglês').fill(PT.progressEn);
  await page.getByRole('button', { name: 'Salvar modelo' }).click();
  await expect(toastWith(page, 'Modelo salvo')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: progressName })).toContainText(PT.progressEn);
  await axe('reply templates pt');
  await expectNoSidewaysScroll(page, 'reply templates pt');

  await page.goto(`/admin/requests/${created.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Solicitação nº ${created.id}`);
  await page.getByLabel('Novo status').selectOption({ label: 'Em andamento' });
  await page.getByLabel('Modelo de resposta').selectOption({ label: progressName });
  await expect(page.getByLabel('Observações')).toHaveValue(PT.progress);
  await axe('update form with a template');
  await page.getByRole('button', { name: 'Salvar atualização' }).click();
  await expect(toastWith(page, 'Atualizado com sucesso')).toBeVisible();
  await expect(page.getByTestId('request-history')).toContainText(PT.progress);

  // English: a template for "completed", applied with its English text.
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await navigateTo(page, 'Reply templates');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reply templates');
  const doneName = `Fixed ${suffix}`;
  await page.getByRole('button', { name: 'New template' }).click();
  await page.getByLabel('Name').fill(doneName);
  await page.getByLabel('Status').selectOption({ label: 'Completed' });
  await page.getByLabel('Portuguese text').fill(PT.done);
  await page.getByLabel('English text').fill(PT.doneEn);
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(toastWith(page, 'Template saved')).toBeVisible();

  await page.goto(`/admin/requests/${created.id}`);
  await page.getByLabel('New status').selectOption({ label: 'Completed' });
  // Only the chosen status's templates are offered.
  await expect(page.getByLabel('Reply template').getByRole('option', { name: progressName })).toHaveCount(0);
  await page.getByLabel('Reply template').selectOption({ label: doneName });
  await expect(page.getByLabel('Notes')).toHaveValue(PT.doneEn);
  await page.getByRole('button', { name: 'Save update' }).click();
  await expect(toastWith(page, 'Updated successfully')).toBeVisible();
  await expect(page.getByTestId('request-history')).toContainText(PT.doneEn);

  // Deleting the templates leaves the history as it was.
  await navigateTo(page, 'Reply templates');
  for (const name of [progressName, doneName]) {
    await page.getByRole('button', { name: `Delete: ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  }
  await page.goto(`/admin/requests/${created.id}`);
  await expect(page.getByTestId('request-history')).toContainText(PT.progress);
  await expect(page.getByTestId('request-history')).toContainText(PT.doneEn);
});
