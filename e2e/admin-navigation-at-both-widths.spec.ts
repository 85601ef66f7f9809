// The admin navigation at both widths (both projects run this file): its links in four
// foldable groups (Atendimento, Cadastros, Relatórios, Configurações), the current screen's
// open, each unfolded by its button, by mouse or keyboard; at 360 px it folds behind a Menu
// button, opens with axe finding nothing, closes on a link, and the page does not scroll
// sideways; on a wide screen it is always shown.
import { signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';

const GROUPS = ['Atendimento', 'Cadastros', 'Relatórios', 'Configurações'];

test('the admin navigation folds into groups, and behind a Menu button at 360 px, passing axe open', async ({
  page,
  axe,
}) => {
  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  const menu = page.getByRole('button', { name: /Menu/ });
  const nav = page.getByRole('navigation', { name: 'Navegação da administração' });
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (phone) {
    await expect(menu).toBeVisible();
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  } else {
    await expect(menu).toBeHidden();
  }
  await expect(nav).toBeVisible();

  // The groups, the dashboard's open and the others folded.
  await expect(nav.getByRole('button')).toHaveText(GROUPS.map((name) => new RegExp(`^${name}`)));
  const group = (name: string) => nav.getByRole('button', { name, exact: true });
  await expect(group('Atendimento')).toHaveAttribute('aria-expanded', 'true');
  for (const name of GROUPS.slice(1)) await expect(group(name)).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Painel' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Usuários' })).toBeHidden();

  // Unfolded by keyboard, then by mouse.
  await group('Configurações').focus();
  await page.keyboard.press('Enter');
  await expect(group('Configurações')).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Alterar senha' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Configurações de e-mail' })).toBeFocused();
  await group('Cadastros').click();
  await expect(group('Cadastros')).toHaveAttribute('aria-expanded', 'true');
  await axe(phone ? 'menu open with groups pt' : 'navigation with groups pt');

  await nav.getByRole('link', { name: 'Usuários' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuários');
  if (phone) {
    await expect(nav).toBeHidden();
    const hasHorizontalScroll = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(hasHorizontalScroll).toBe(false);
    await menu.click();
  }
  // The current screen's group stays open; the others keep what was chosen.
  await expect(group('Cadastros')).toHaveAttribute('aria-expanded', 'true');
  await expect(group('Configurações')).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Usuários' })).toHaveAttribute('aria-current', 'page');
});
