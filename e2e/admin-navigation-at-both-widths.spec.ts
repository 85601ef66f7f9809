// The admin navigation at both widths (both projects run this file): at 360 px it folds
// behind a Menu button, opens with axe finding nothing, closes on a link, and the page does not
// scroll sideways; on a wide screen it is always shown.
import { signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';

test('the admin navigation collapses behind a Menu button at 360 px and passes axe open', async ({ page, axe }) => {
  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  const menu = page.getByRole('button', { name: /Menu/ });
  const nav = page.getByRole('navigation', { name: 'Navegação da administração' });
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await expect(menu).toBeVisible();
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await axe('menu open pt');
    await nav.getByRole('link', { name: 'Usuários' }).click();
    await expect(nav).toBeHidden();
    const hasHorizontalScroll = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(hasHorizontalScroll).toBe(false);
  } else {
    await expect(menu).toBeHidden();
    await expect(nav).toBeVisible();
    for (const name of ['Painel', 'Usuários', 'Alterar senha']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
  }
});
