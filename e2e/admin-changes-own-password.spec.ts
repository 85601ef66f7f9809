// An operator signs in, lands on the dashboard, changes their password (seeing the
// form's four messages), signs out and signs in with the new password — in pt, then en.
import {
  createAccountViaApi,
  expectSavedStatus,
  navigateTo,
  signInThroughForm,
  uniqueUsername,
} from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';

test('sign in, change password, sign out, sign in with the new one (pt)', async ({ page, axe, baseURL }, testInfo) => {
  const username = uniqueUsername(testInfo, 'troca');
  await createAccountViaApi(baseURL as string, {
    username,
    password: 'senha-antiga',
    name: 'Joana Operadora',
    role: 'user',
  });

  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acesso administrativo');
  await expect(page.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute(
    'href',
    '/admin/request-password-reset',
  );
  await axe('login pt');

  await signInThroughForm(page, username, 'senha-errada');
  await expect(page.getByText('Falha no login', { exact: true })).toBeVisible();
  await expect(page.getByText('Credenciais inválidas. Tente novamente.', { exact: true })).toBeVisible();

  await signInThroughForm(page, username, 'senha-antiga');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  await expect(page.getByTestId('signed-in-as')).toContainText('Joana Operadora');
  await expect(page.getByTestId('signed-in-as')).toContainText('Usuário');
  await axe('dashboard pt');

  await navigateTo(page, 'Alterar senha');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alterar senha');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('A senha atual é obrigatória', { exact: true })).toBeVisible();
  await expect(page.getByText('A nova senha deve ter pelo menos 6 caracteres', { exact: true })).toBeVisible();
  await expect(page.getByText('A confirmação da senha é obrigatória', { exact: true })).toBeVisible();
  await axe('change password with errors pt');

  await page.getByLabel('Senha atual').fill('senha-antiga');
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-123');
  await page.getByLabel('Confirmar nova senha').fill('outra-coisa');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('As senhas não coincidem', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Confirmar nova senha')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Senha atual').fill('nao-e-esta');
  await page.getByLabel('Confirmar nova senha').fill('senha-nova-123');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Erro ao alterar a senha', { exact: true })).toBeVisible();
  await expect(page.getByText('A senha atual está incorreta', { exact: true }).first()).toBeVisible();

  await page.getByLabel('Senha atual').fill('senha-antiga');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  // Said at the top of the screen, in a status that has the focus (not <body>), and in a toast.
  await expectSavedStatus(page, 'Senha alterada com sucesso');

  // Still signed in on the renewed session.
  await navigateTo(page, 'Painel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);

  await signInThroughForm(page, username, 'senha-antiga');
  await expect(page.getByText('Credenciais inválidas. Tente novamente.', { exact: true })).toBeVisible();
  await signInThroughForm(page, username, 'senha-nova-123');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('the same journey in English', async ({ page, axe, baseURL }, testInfo) => {
  const username = uniqueUsername(testInfo, 'change');
  await createAccountViaApi(baseURL as string, {
    username,
    password: 'old-password',
    name: 'Jo Viewer',
    role: 'viewer',
  });

  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administrator sign-in');
  await axe('login en');
  const en = { username: 'Username', password: 'Password', submit: 'Sign in' };
  await signInThroughForm(page, username, 'wrong-password', en);
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid credentials', { exact: true })).toBeVisible();

  await signInThroughForm(page, username, 'old-password', en);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByTestId('signed-in-as')).toContainText('Viewer');
  await axe('dashboard en');

  await navigateTo(page, 'Change password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('The new password must be at least 6 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Password confirmation is required', { exact: true })).toBeVisible();
  await axe('change password with errors en');

  await page.getByLabel('Current password').fill('old-password');
  await page.getByLabel('New password', { exact: true }).fill('new-password-1');
  await page.getByLabel('Confirm new password').fill('new-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
  await page.getByLabel('Confirm new password').fill('new-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectSavedStatus(page, 'Password changed successfully');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInThroughForm(page, username, 'new-password-1', en);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
});
