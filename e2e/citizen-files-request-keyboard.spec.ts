import { DEFAULT_MAP_CENTER } from '../packages/shared/src/constants.ts';
import { expectStep, type Lang, text } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';
import { tabTo } from './support/keyboard.ts';

const words = {
  pt: {
    found: 'Endereço do ponto marcado:',
    noEmail: /^Nenhum e-mail foi enviado, porque você não informou/,
  },
  en: {
    found: 'Address of the marked point:',
    noEmail: /^No e-mail was sent, because you did not give an e-mail address/,
  },
} as const;

for (const lang of ['pt', 'en'] as const satisfies Lang[]) {
  test(`a citizen files a request by keyboard only, pin dropped on the map (${lang})`, async ({ page, axe }) => {
    const t = text[lang];
    await page.goto('/');
    await expectStep(page, 'pt', 1);
    const phone = page.getByLabel(new RegExp(`^${t.phone}`));
    if (lang === 'en') {
      // The one focus() of the journey; everything after is keys.
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

    // Step 2: focus is on the new step's heading.
    await expectStep(page, lang, 2);
    await expect(page.getByRole('heading', { level: 2, name: t.step(2) })).toBeFocused();
    const map = page.getByRole('region', { name: t.map });
    await tabTo(page, map);
    // The map shows where it has focus, and the crosshair where the pin will go.
    const outline = await map.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await expect(page.getByTestId('map-crosshair')).toBeVisible();
    // The arrows move the map (south here), then Enter drops the pin at its centre.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // Leaflet pans with a quarter-second animation: the centre is taken once it has moved.
    await page.waitForTimeout(600);
    await page.keyboard.press('Enter');
    // The drop is said with its coordinates; once the address arrives, the same status says it.
    await expect(page.getByTestId('selected-address')).toContainText('Porto Alegre');
    await expect(page.getByRole('status').filter({ hasText: words[lang].found })).toContainText('Porto Alegre');
    await axe(`keyboard: pin dropped (${lang})`);

    await tabTo(page, page.getByRole('button', { name: t.confirm }));
    await page.keyboard.press('Enter');
    // The button is gone; focus is on the confirmation that replaced it.
    await expect(page.getByTestId('location-confirmed')).toBeFocused();
    const problem = page.getByLabel(new RegExp(`^${t.problemType}`));
    await tabTo(page, problem);
    await page.keyboard.press('ArrowDown');
    await expect(problem).not.toHaveValue('');
    await tabTo(page, page.getByRole('button', { name: t.next }));
    await page.keyboard.press('Enter');

    // Step 3: a company by arrow keys and Space, then submit with Enter.
    await expectStep(page, lang, 3);
    await expect(page.getByRole('heading', { level: 2, name: t.step(3) })).toBeFocused();
    const firstCompany = page.getByRole('radio').first();
    await tabTo(page, firstCompany);
    await page.keyboard.press('Space');
    await expect(firstCompany).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: t.submit }));
    await page.keyboard.press('Enter');

    // The success screen: its heading has focus, and it says plainly that no e-mail went out.
    await expectStep(page, lang, 4);
    await expect(page.getByRole('heading', { level: 2, name: t.step(4) })).toBeFocused();
    await expect(page.getByTestId('email-notice')).toHaveText(words[lang].noEmail);
    await axe(`keyboard: success (${lang})`);

    // F8 takes focus to the notifications, and shows it.
    await page.keyboard.press('F8');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { inToasts: Boolean(element.closest('[role="region"]')), outline: style.outlineStyle };
    });
    expect(focused).toEqual({ inToasts: true, outline: 'solid' });

    // The pin is where the keyboard put it: south of the map's starting centre.
    const link = (await page.getByTestId('tracking-link').textContent()) ?? '';
    const stored = await (await fetch(link.replace('/track/', '/api/repair-requests/'))).json();
    expect(Number(stored.latitude)).toBeLessThan(DEFAULT_MAP_CENTER.lat - 0.1);
    expect(Math.abs(Number(stored.longitude) - DEFAULT_MAP_CENTER.lon)).toBeLessThan(0.5);
  });
}
