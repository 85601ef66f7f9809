// An administrator issues an Open311 API key (decision 0038), sees it once, a client files a
// request with it at /open311/v2, and the administrator revokes it: the client is refused
// after. Portuguese first, English for the revoke; axe on each state of the screen.
import { navigateTo, signInThroughForm } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { expectNoSidewaysScroll, uniquePhone } from './support/requests.ts';

test.describe.configure({ timeout: 90_000 });

test('an admin issues an Open311 key, a client files with it, and the admin revokes it (pt, then en)', async ({
  page,
  request,
  axe,
}, testInfo) => {
  const client = `Sistema 156 ${testInfo.project.name}-${Date.now().toString(36)}`;
  const companies = (await (await request.get('/api/energy-companies')).json()) as { id: number }[];
  const fileWith = (key: string) =>
    request.post('/open311/v2/requests.json', {
      form: {
        api_key: key,
        service_code: 'LIGHT_OUT',
        lat: '-30.0277',
        long: '-51.2287',
        address_string: 'Rua dos Andradas, 1234, Porto Alegre',
        'attribute[company]': String(companies[0]?.id),
        phone: uniquePhone(),
      },
    });

  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');

  await navigateTo(page, 'Chaves Open311');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chaves de API do Open311');
  await page.getByRole('button', { name: 'Emitir chave' }).click();
  await expect(page.getByText('Informe o nome do cliente')).toBeVisible();
  await axe('open311 keys with an error');

  await page.getByLabel('Nome do cliente').fill(client);
  await page.getByRole('button', { name: 'Emitir chave' }).click();
  await expect(page.getByRole('heading', { name: `Chave emitida para ${client}` })).toBeFocused();
  const keyField = page.getByLabel('Chave de API');
  await expect(keyField).toHaveValue(/^acende311_/);
  const key = await keyField.inputValue();
  const row = page.getByRole('row').filter({ hasText: client });
  await expect(row).toContainText('Ativa');
  await expect(row).toContainText(key.slice(0, 14));
  await axe('open311 key issued');
  await expectNoSidewaysScroll(page, 'open311 keys pt');

  // The client files with the key; the screen then says when it was last used.
  const filed = await fileWith(key);
  expect(filed.status()).toBe(201);
  expect(((await filed.json()) as { service_request_id: string }[])[0]?.service_request_id).toMatch(/^\d+$/);

  // Shown once: after leaving the screen the key is nowhere on it.
  await page.getByRole('button', { name: 'Já copiei a chave' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chaves de API do Open311');
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Nunca');
  expect(await page.content()).not.toContain(key);

  // English: revoke, after a confirmation.
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await navigateTo(page, 'Open311 keys');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open311 API keys');
  await page.getByRole('button', { name: `Revoke: ${client}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Revoke the key of ${client}?` });
  await expect(dialog).toBeVisible();
  await axe('revoke confirmation en');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(toastWith(page, 'Key revoked')).toBeVisible();
  await expect(row).toContainText('Revoked on');
  await expect(page.getByRole('button', { name: `Revoke: ${client}` })).toHaveCount(0);
  await axe('open311 keys en');

  const refused = await fileWith(key);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual([{ code: 403, description: 'Chave de API inválida ou revogada' }]);
});
