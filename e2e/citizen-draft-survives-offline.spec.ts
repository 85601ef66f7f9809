// The wizard survives a dropped connection (issue 22): the draft is kept on the device across a
// closed tab, a submit made offline waits and goes when the connection is back, an answer lost
// on the way keeps everything and a retry (after a reload) gets the same request number, once.
import type { BrowserContext, Page } from '@playwright/test';
import {
  ANDRADAS,
  chooseProblem,
  confirmLocation,
  expectStep,
  fillContact,
  openWizard,
  text,
} from './support/citizen.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { uniquePhone } from './support/requests.ts';

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: Number(ANDRADAS.lat), longitude: Number(ANDRADAS.lon) },
});

const words = {
  pt: {
    restored: 'Recuperamos o rascunho que você começou neste aparelho.',
    startOver: 'Começar de novo',
    offline: /Você está sem conexão/,
    waiting: /Sem conexão: sua solicitação será enviada assim que a conexão voltar/,
    failed: /A conexão falhou antes da resposta/,
    retry: 'Tentar de novo',
    problem: 'Poste danificado',
  },
  en: {
    restored: 'We restored the draft you started on this device.',
    startOver: 'Start over',
    offline: /You are offline/,
    waiting: /Offline: your request will be sent as soon as the connection is back/,
    failed: /The connection failed before the answer/,
    retry: 'Try again',
    problem: 'Pole Damage',
  },
};

/** The draft the wizard keeps in IndexedDB, as the page reads it (undefined: none). */
const storedDraft = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ company: string; step: number } | undefined>((resolve, reject) => {
        const open = indexedDB.open('acende', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('drafts').objectStore('drafts').get('wizard');
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result?.data);
          };
        };
      }),
  );

/** Fills steps 1 and 2 and picks Certel on step 3; the draft holds the company before it returns. */
async function upToStep3(page: Page, lang: 'pt' | 'en', open = true) {
  if (open) await openWizard(page, lang);
  await fillContact(page, lang, { name: 'Draft Test', phone: uniquePhone() });
  await expect(page.getByTestId('selected-address')).toContainText('Rua dos Andradas');
  await chooseProblem(page, lang, words[lang].problem);
  await confirmLocation(page, lang);
  await page.getByRole('button', { name: text[lang].next }).click();
  await page.getByRole('radio', { name: /Certel/ }).check();
  // Until the draft is stored with a company (no draft at all is not it: undefined passed
  // `not.toBe('')` before the first write, and the closed tab then had nothing to restore).
  await expect.poll(async () => (await storedDraft(page))?.company ?? '').not.toBe('');
}

/** The tab is closed and the wizard opened again in a new one: the draft comes back at step 3. */
async function reopenInNewTab(context: BrowserContext, page: Page, lang: 'pt' | 'en') {
  await page.close();
  const again = await context.newPage();
  await again.goto('/');
  await expect(again.getByText(words[lang].restored)).toBeVisible();
  await expectStep(again, lang, 3);
  await expect(again.getByRole('radio', { name: /Certel/ })).toBeChecked();
  return again;
}

test('pt: closed tab, offline submit, a lost answer and a reload: one request, the same number', async ({
  context,
  page,
}) => {
  await upToStep3(page, 'pt');
  const tab = await reopenInNewTab(context, page, 'pt');

  // The server files the first submission but its answer never arrives.
  const keys: string[] = [];
  let firstAnswer: { id: number } | undefined;
  await context.route('**/api/repair-requests', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (firstAnswer) return route.fallback();
    firstAnswer = await (await route.fetch()).json();
    return route.abort('connectionreset');
  });

  await context.setOffline(true);
  await expect(tab.getByText(words.pt.offline)).toBeVisible();
  await tab.getByRole('button', { name: text.pt.submit }).click();
  await expect(tab.getByRole('alert').filter({ hasText: words.pt.waiting })).toBeVisible();
  expect(keys).toHaveLength(0);

  await context.setOffline(false);
  await expect(tab.getByRole('alert').filter({ hasText: words.pt.failed })).toBeVisible();
  expect(keys).toHaveLength(1);
  expect(firstAnswer?.id).toEqual(expect.any(Number));

  // A reload keeps everything, the Idempotency-Key too: the retry answers with the stored request.
  await tab.reload();
  await expectStep(tab, 'pt', 3);
  await tab.getByRole('button', { name: text.pt.submit }).click();
  await expect(tab.getByTestId('request-id')).toHaveText(String(firstAnswer?.id));
  expect(keys).toEqual([keys[0], keys[0]]);
  await expect.poll(() => storedDraft(tab)).toBeUndefined();
});

test('en: the draft comes back in a new tab, start over clears it; offline, the request goes on reconnecting', async ({
  context,
  page,
}) => {
  await upToStep3(page, 'en');
  const tab = await reopenInNewTab(context, page, 'en');
  // The axe fixture scans the first tab, which is closed: the new one is scanned directly.
  await expectNoAxeViolations(tab, 'draft restored en');
  await tab.getByRole('button', { name: words.en.startOver }).click();
  await expectStep(tab, 'en', 1);
  await expect.poll(() => storedDraft(tab)).toBeUndefined();

  await upToStep3(tab, 'en', false);
  let posts = 0;
  await context.route('**/api/repair-requests', (route) => {
    if (route.request().method() === 'POST') posts += 1;
    return route.fallback();
  });
  await context.setOffline(true);
  await tab.getByRole('button', { name: text.en.submit }).click();
  await expect(tab.getByRole('alert').filter({ hasText: words.en.waiting })).toBeVisible();
  await expectNoAxeViolations(tab, 'offline waiting en');
  await context.setOffline(false);
  await expect(tab.getByTestId('request-id')).toHaveText(/^\d+$/);
  expect(posts).toBe(1);
});
