// Steps of the citizen journeys, written as a person would do them, plus a private
// server with its own fake geocoder for journeys that must break things without
// disturbing the journeys running beside them.
import { expect, type Page } from '@playwright/test';
import { type FakeGeocoder, PLACES, startFakeGeocoder } from './fake-geocoder.ts';
import { type RunningServer, startServer } from './server.ts';

export const ANDRADAS = PLACES[0]!;
export const IPIRANGA = PLACES[1]!;

export interface PrivateServer {
  url: string;
  geocoder: FakeGeocoder;
  server: RunningServer;
  stop(): Promise<void>;
}

export async function startPrivateServer(): Promise<PrivateServer> {
  const geocoder = await startFakeGeocoder();
  const server = await startServer({ GEOCODER_URL: geocoder.url });
  return {
    url: server.url,
    geocoder,
    server,
    async stop() {
      await server.stop();
      await geocoder.close();
    },
  };
}

export const text = {
  pt: {
    next: 'Próximo',
    back: 'Voltar',
    phone: 'Telefone',
    name: 'Nome completo (opcional)',
    email: 'E-mail (opcional)',
    search: 'Buscar endereço',
    searchButton: 'Buscar',
    confirm: 'Confirmar localização',
    confirmed: 'Localização confirmada',
    problemType: 'Tipo de problema',
    submit: 'Enviar solicitação',
    manual: 'Marcar no mapa',
    map: 'Mapa da localização do problema',
    stepOf: (step: number, total: number) => `Passo ${step} de ${total}`,
    problem: 'Há um problema',
    step: (n: number) =>
      ({
        1: 'Passo 1: Suas informações',
        2: 'Passo 2: Localização',
        3: 'Passo 3: Concessionária de energia',
        4: 'Solicitação registrada',
      })[n],
  },
  en: {
    next: 'Next',
    back: 'Back',
    phone: 'Phone',
    name: 'Full name (optional)',
    email: 'E-mail (optional)',
    search: 'Search address',
    searchButton: 'Search',
    confirm: 'Confirm location',
    confirmed: 'Location confirmed',
    problemType: 'Problem type',
    submit: 'Submit request',
    manual: 'Pick on the map',
    map: "Map of the problem's location",
    stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
    problem: 'There is a problem',
    step: (n: number) =>
      ({
        1: 'Step 1: Your Information',
        2: 'Step 2: Location',
        3: 'Step 3: Energy Company',
        4: 'Request received',
      })[n],
  },
} as const;
export type Lang = keyof typeof text;

export async function openWizard(page: Page, lang: Lang) {
  await page.goto('/');
  if (lang === 'en') await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 2, name: text[lang].step(1) })).toBeVisible();
}

/** The step's heading, and the bar at step x of 3 (full on the success screen, step 4). */
export async function expectStep(page: Page, lang: Lang, step: number) {
  await expect(page.getByRole('heading', { level: 2, name: text[lang].step(step) })).toBeVisible();
  const bar = page.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', String(Math.min(step, 3)));
  await expect(bar).toHaveAttribute('aria-valuemax', '3');
  if (step < 4) await expect(bar).toHaveAttribute('aria-valuetext', text[lang].stepOf(step, 3));
}

export async function fillContact(page: Page, lang: Lang, contact: { name?: string; email?: string; phone: string }) {
  const t = text[lang];
  if (contact.name) await page.getByLabel(t.name).fill(contact.name);
  if (contact.email) await page.getByLabel(t.email, { exact: true }).fill(contact.email);
  await page.getByLabel(new RegExp(`^${t.phone}`)).fill(contact.phone);
  await page.getByRole('button', { name: t.next }).click();
  await expectStep(page, lang, 2);
}

/** Types into the search box and picks the suggestion that holds `choice`. */
export async function searchAndPick(page: Page, lang: Lang, query: string, choice: string) {
  const box = page.getByRole('combobox', { name: text[lang].search });
  await box.fill(query);
  const option = page.getByRole('listbox').getByRole('option', { name: new RegExp(choice) });
  await expect(option).toBeVisible({ timeout: 15_000 });
  await option.click();
  await expect(page.getByTestId('selected-address')).toContainText(choice);
}

export async function confirmLocation(page: Page, lang: Lang) {
  await page.getByRole('button', { name: text[lang].confirm }).click();
  await expect(page.getByText(text[lang].confirmed).first()).toBeVisible();
}

export async function chooseProblem(page: Page, lang: Lang, label: string) {
  await page.getByLabel(new RegExp(`^${text[lang].problemType}`)).selectOption({ label });
}

export async function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The step's error summary (GOV.UK's "There is a problem"), shown after a refused Next or Submit. */
export function errorSummary(page: Page, lang: Lang) {
  return page.getByRole('alert', { name: text[lang].problem });
}

/** The toast region's text (Radix renders toasts in a list inside a labelled region). */
export function toastWith(page: Page, message: string | RegExp) {
  return page.getByRole('region').getByRole('listitem').filter({ hasText: message });
}
