// What the journeys of the citizens' notices (issue 36: SMS, WhatsApp, push) share: a server
// clock the test moves (TEST_CLOCK_OFFSET_FILE), the wizard filed with only a phone and a
// channel's box ticked, an operator's status change on the request's page, and the admin's
// cookie for settings saved through the API.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { chooseProblem, confirmLocation, expectStep, type Lang, text } from './citizen.ts';
import { admin, expect } from './fixtures.ts';

/**
 * A clock file for the server; `at(hour)` moves it to the next `hour`:00 in Porto Alegre (UTC−3),
 * `by(ms)` sets it that far from the real time (0: back to it).
 */
export function movableServerClock(prefix: string) {
  const file = join(mkdtempSync(join(tmpdir(), `acende-${prefix}-clock-`)), 'offset');
  let offset = 0;
  const at = (hour: number) => {
    const now = Date.now();
    let when = Math.ceil((now + offset) / 3_600_000) * 3_600_000 + 60_000;
    while ((new Date(when).getUTCHours() + 21) % 24 !== hour) when += 3_600_000;
    offset = when - now;
    writeFileSync(file, String(offset));
  };
  const by = (ms: number) => {
    offset = ms;
    writeFileSync(file, String(offset));
  };
  return { file, at, by };
}

/**
 * The wizard filed with only a phone and the box labelled `box` ticked; the success screen's
 * `notice` (a test id) must read `says`. Answers the request's number.
 */
export async function fileAskingForNotices(
  page: Page,
  serverUrl: string,
  lang: Lang,
  phone: string,
  ask: { box: string; problem: string; notice: string; says: string },
): Promise<number> {
  const t = text[lang];
  await page.goto(serverUrl);
  if (lang === 'en') await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expectStep(page, lang, 1);
  await page.getByLabel(new RegExp(`^${t.phone}`)).fill(phone);
  await page.getByLabel(ask.box).check();
  await page.getByRole('button', { name: t.next }).click();
  await expectStep(page, lang, 2);
  await expect(page.getByTestId('selected-address')).toContainText('Rua dos Andradas');
  await chooseProblem(page, lang, ask.problem);
  await confirmLocation(page, lang);
  await page.getByRole('button', { name: t.next }).click();
  await expectStep(page, lang, 3);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: t.submit }).click();
  await expectStep(page, lang, 4);
  await expect(page.getByTestId(ask.notice)).toHaveText(ask.says);
  return Number(await page.getByTestId('request-id').textContent());
}

/** The operator sets request `id` to the status labelled `label` on its page. */
export async function changeStatusOnPage(
  page: Page,
  serverUrl: string,
  id: number,
  words: { newStatus: string; save: string },
  label: string,
) {
  await page.goto(`${serverUrl}/admin/requests/${id}`);
  await page.getByLabel(words.newStatus).selectOption({ label });
  await page.getByRole('button', { name: words.save }).click();
  await expect(page.getByTestId('request-history')).toContainText(label);
}

/** Saves a settings screen's values through the API as the seeded admin. */
export async function saveSettingsAsAdmin(serverUrl: string, path: string, body: unknown) {
  const login = await fetch(`${serverUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const saved = await fetch(`${serverUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  expect(saved.status).toBe(200);
}
