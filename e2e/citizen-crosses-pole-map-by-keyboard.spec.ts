// With 100 poles in view, a keyboard user crosses step 2 in at most 12 Tab presses, in
// Portuguese and in English (issue 35): the pole layer is one Tab stop, the arrows go from
// pole to pole, Enter chooses one and Escape goes back to the map. The poles are in Gramado,
// in view of no other journey's map.
import type { Locator, Page } from '@playwright/test';
import { expectStep, type Lang, text } from './support/citizen.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { publicCompany } from './support/poles.ts';

const GRAMADO = { lat: -29.3789, lon: -50.8744 };
const words = {
  pt: { place: 'Borges de Medeiros', chosen: 'Poste selecionado' },
  en: { place: 'Borges de Medeiros', chosen: 'Selected pole' },
} as const;

/** 100 poles of CEEE on a 10 × 10 grid about 28 m apart around the place, in one import. */
test.beforeAll(async () => {
  const base = process.env.E2E_BASE_URL as string;
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const ceee = await publicCompany(base, 'CEEE');
  const rows = Array.from({ length: 100 }, (_, i) => {
    const lat = GRAMADO.lat + ((i % 10) - 4.5) / 4000;
    const lon = GRAMADO.lon + (Math.floor(i / 10) - 4.5) / 4000;
    return `GR-${String(i).padStart(3, '0')},${lat.toFixed(6)},${lon.toFixed(6)}`;
  });
  const imported = await fetch(`${base}/api/admin/poles/import?companyId=${ceee.id}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', cookie },
    body: `number,latitude,longitude\n${rows.join('\n')}\n`,
  });
  expect(imported.status, await imported.clone().text()).toBe(200);
  await fetch(`${base}/api/admin/logout`, { method: 'POST', headers: { cookie } });
});

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    return { name: element.getAttribute('aria-label') ?? element.textContent ?? '', pole: element.dataset.poleId };
  });
const centreOf = async (target: Locator) => {
  const box = await target.boundingBox();
  return { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 };
};

for (const lang of ['pt', 'en'] as const satisfies Lang[]) {
  test(`crosses the map of 100 poles by keyboard, one Tab stop for the poles (${lang})`, async ({ page, axe }) => {
    const t = text[lang];
    await page.goto('/');
    if (lang === 'en') {
      await page.getByRole('button', { name: 'Mudar para English' }).focus();
      await page.keyboard.press('Enter');
    }
    await expectStep(page, lang, 1);
    await page.getByLabel(new RegExp(`^${t.phone}`)).focus();
    await page.keyboard.type('(54) 99876-4321');
    await page.keyboard.press('Enter');
    await expectStep(page, lang, 2);

    // The address by keyboard: typed, the first suggestion taken with ↓ and Enter.
    const box = page.getByRole('combobox', { name: t.search });
    await box.focus();
    await page.keyboard.type(words[lang].place);
    await expect(page.getByRole('option', { name: new RegExp(words[lang].place) })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('selected-address')).toContainText('Gramado');
    const markers = page.locator('[data-pole-id]');
    await expect(markers).toHaveCount(100);

    // From the address box to "Next": every stop counted; the poles are one of them.
    const next = page.getByRole('button', { name: t.next });
    await box.focus();
    const stops: { name: string; pole?: string }[] = [];
    for (let i = 0; i < 40 && !(await next.evaluate((e) => e === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
      stops.push(await focusedName(page));
    }
    expect(stops.at(-1)?.name).toBe(t.next);
    expect(stops.length, stops.map((s) => s.name).join(' | ')).toBeLessThanOrEqual(12);
    expect(stops.filter((s) => s.pole).length).toBe(1);

    // Into the poles from the map: the arrows go from pole to pole, each in its direction.
    const map = page.getByRole('region', { name: t.map });
    await map.focus();
    await page.keyboard.press('Tab');
    const first = page.locator('[data-pole-id]:focus');
    await expect(first).toHaveCount(1);
    const start = await centreOf(first);
    await page.keyboard.press('ArrowRight');
    const right = await centreOf(page.locator('[data-pole-id]:focus'));
    expect(right.x).toBeGreaterThan(start.x);
    await page.keyboard.press('ArrowDown');
    const down = await centreOf(page.locator('[data-pole-id]:focus'));
    expect(down.y).toBeGreaterThan(right.y);
    const { name, pole } = await focusedName(page);
    expect(name).toMatch(lang === 'pt' ? /^Poste GR-\d{3}$/ : /^Pole GR-\d{3}$/);

    // Enter chooses it; the layer's Tab stop stays on it, and Escape goes back to the map.
    await page.keyboard.press('Enter');
    await expect(page.getByText(words[lang].chosen).first()).toBeVisible();
    await expect(page.locator(`[data-pole-id="${pole}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-pole-id][tabindex="0"]')).toHaveCount(1);
    await expect(page.locator(`[data-pole-id="${pole}"]`)).toHaveAttribute('tabindex', '0');
    await page.locator(`[data-pole-id="${pole}"]`).focus();
    await page.keyboard.press('Escape');
    await expect(map).toBeFocused();
    await axe(`poles by keyboard (${lang})`);
  });
}
