// The first admin creates an account linked to one company, edits it, and that account
// signs in, sees only what its role can use and is sent away from /admin/users.
import {
  expectSavedStatus,
  navigateTo,
  openNav,
  signInThroughForm,
  unfoldNavGroups,
  uniqueUsername,
} from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';

test('an admin creates a user linked to one company, and that user signs in (pt, then en)', async ({
  page,
  axe,
}, testInfo) => {
  const username = uniqueUsername(testInfo, 'certel');
  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');

  await navigateTo(page, 'Usuários');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuários');
  // On a phone the cell (a card's line) names its column before the value.
  await expect(page.getByRole('cell', { name: /^(Usuário\s*)?admin$/ })).toBeVisible();
  await axe('users list pt');

  await page.getByRole('link', { name: 'Novo usuário' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Novo usuário');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O nome de usuário é obrigatório', { exact: true })).toBeVisible();
  await expect(page.getByText('O nome é obrigatório', { exact: true })).toBeVisible();
  await expect(page.getByText('A senha deve ter pelo menos 6 caracteres', { exact: true })).toBeVisible();
  await page.getByLabel('E-mail').fill('nao-e-email');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O formato do e-mail é inválido', { exact: true })).toBeVisible();
  await axe('user form with errors pt');

  await page.getByLabel('Nome de usuário').fill(username);
  await page.getByLabel('Nome', { exact: true }).fill('Carla Certel');
  await page.getByLabel('E-mail').fill('carla@example.com');
  await page.getByLabel('Perfil').selectOption({ label: 'Usuário' });
  await page.getByRole('checkbox', { name: /^Certel/ }).check();
  await page.getByLabel('Senha', { exact: true }).fill('carla-secreta');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  // Back on the list, the focus is on the status that says so.
  await expectSavedStatus(page, 'Administrador criado com sucesso');
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Carla Certel');
  await expect(row).toContainText('Certel');
  await expect(row).toContainText('Usuário');

  // The same username again: a clear refusal on the field and the spec's error toast.
  await page.getByRole('link', { name: 'Novo usuário' }).click();
  await page.getByLabel('Nome de usuário').fill(username.toUpperCase());
  await page.getByLabel('Nome', { exact: true }).fill('Outra');
  await page.getByLabel('Senha', { exact: true }).fill('outra-senha');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Erro ao processar solicitação.', { exact: true })).toBeVisible();
  await expect(page.getByText('Já existe um usuário com este nome de usuário', { exact: true }).first()).toBeVisible();

  // Edit in English.
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await navigateTo(page, 'Users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
  await axe('users list en');
  await page.getByRole('link', { name: `Edit ${username}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit user ${username}`);
  await expect(page.getByRole('checkbox', { name: /^Certel/ })).toBeChecked();
  await axe('user form en');
  await page.getByLabel('Name', { exact: true }).fill('Carla da Certel');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectSavedStatus(page, 'Administrator updated successfully');
  await expect(page.getByRole('row').filter({ hasText: username })).toContainText('Carla da Certel');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The new account signs in; its navigation has no admin-only screens.
  await signInThroughForm(page, username, 'carla-secreta', {
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByTestId('signed-in-as')).toContainText('Carla da Certel');
  await openNav(page);
  await unfoldNavGroups(page);
  const nav = page.getByRole('navigation', { name: 'Administration navigation' });
  await expect(nav.getByRole('link', { name: 'Change password' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/users/new');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole('button', { name: 'Mudar para Português' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
});
