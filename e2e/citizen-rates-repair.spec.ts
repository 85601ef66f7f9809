// A rating after the repair (issue 35): an operator completes a request, the citizen opens the
// "Avalie o reparo" link of the completion e-mail that really arrives over SMTP, on a 360 px
// phone and by keyboard, rates it and is thanked; a second try from the tracking link is refused.
// In English, the tracking link rates another request; the operator sees the score and comment
// and the ratings report,
// the transparency page counts the ratings (too few for a mean).
import type { SmtpCapture } from '../apps/api/test/smtp-capture.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { startServerWithMail } from './support/mail-server.ts';
import { expectNoSidewaysScroll, uniquePhone } from './support/requests.ts';
import type { RunningServer } from './support/server.ts';

let smtp: SmtpCapture;
let server: RunningServer;
let cookie = '';

const api = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

test.beforeAll(async () => {
  ({ smtp, server, cookie } = await startServerWithMail());
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** A request filed with `email`, completed by the admin through the API. */
async function completed(email: string, language = 'pt') {
  const filed = await fetch(`${server.url}/api/repair-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({
      name: 'Rosângela Medeiros',
      email,
      phone: uniquePhone(),
      address: 'Rua João Alfredo, 250 - Cidade Baixa, Porto Alegre - RS',
      problemType: 'LIGHT_OUT',
      latitude: '-30.0401',
      longitude: '-51.2219',
      company: '2',
    }),
  });
  expect(filed.status).toBe(201);
  const request = (await filed.json()) as { id: number; trackingToken: string };
  const read = await api(`/api/admin/repair-requests/${request.id}`);
  const done = await api(`/api/admin/repair-requests/${request.id}`, 'PATCH', {
    status: 'completed',
    notes: 'Lâmpada trocada',
    updatedAt: (await read.json()).updatedAt,
  });
  expect(done.status).toBe(200);
  return request;
}

test('the citizen rates the repair from the completion e-mail, once; in English from the tracking link', async ({
  page,
  axe,
  browser,
}) => {
  const email = `avalia-${Date.now()}@example.com`;
  const first = await completed(email);
  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email) && /Concluída/.test(m.subject), 30_000);
  expect(mail.text).toContain('Avalie o reparo');
  const link = new RegExp(`${server.url}/track/${first.id}\\?r=[A-Za-z0-9_-]+#avaliacao`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The tracking link, open in another tab before the rating: its form is refused after it.
  const other = await browser.newPage();
  await other.goto(`${server.url}/track/${first.id}?t=${first.trackingToken}`);
  await expect(other.getByRole('button', { name: 'Enviar avaliação' })).toBeVisible();

  // The e-mail's link on a phone, by keyboard: the score is required, arrows choose it.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(link as string);
  const section = page.getByRole('region', { name: 'Avalie o reparo' });
  await expect(section).toBeVisible();
  await expect(section).toBeInViewport();
  await expect(page.getByLabel('Comentário (opcional)')).toBeVisible();
  await axe('rating form pt 360');
  await expectNoSidewaysScroll(page, 'rating form 360');
  await page.getByRole('button', { name: 'Enviar avaliação' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Escolha uma nota de 1 a 5')).toBeVisible();
  await page.getByRole('radio', { name: '1 — Muito ruim' }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 — Bom' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Comentário (opcional)')).toBeFocused();
  await page.keyboard.type('Trocaram a lâmpada em dois dias');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Enviar avaliação' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Obrigado pela avaliação!' })).toBeVisible();
  await expect(page.getByText('Nota dada: 4 de 5.')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await axe('rated pt 360');

  // The second try, from the tab opened before: refused, in Portuguese.
  await other.getByRole('radio', { name: '5 — Excelente' }).check();
  await other.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(other.getByRole('alert')).toHaveText('Este reparo já foi avaliado: vale uma avaliação por solicitação');
  await other.close();

  // English, from the tracking link, on the desktop.
  await page.setViewportSize({ width: 1280, height: 800 });
  const second = await completed(`avalia-en-${Date.now()}@example.com`, 'en');
  await page.goto(`${server.url}/track/${second.id}?t=${second.trackingToken}`);
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('region', { name: 'Rate the repair' })).toBeVisible();
  await page.getByRole('radio', { name: '5 — Excellent' }).check();
  await page.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your rating!' })).toBeVisible();
  await axe('rated en 1280');

  // The operator sees the score and the comment on the request.
  await page.request.post(`${server.url}/api/admin/login`, { data: admin });
  await page.goto(`${server.url}/admin/requests/${first.id}`);
  await page.getByRole('button', { name: 'Mudar para Português' }).click();
  await expect(page.getByText('Avaliação do cidadão', { exact: true })).toBeVisible();
  await expect(page.getByText(/^4 de 5, em /)).toBeVisible();
  await expect(page.getByText('Trocaram a lâmpada em dois dias')).toBeVisible();
  await axe('operator detail with rating pt 1280');
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByText(/^4 de 5, em /)).toBeVisible();
  await axe('operator detail with rating pt 360');

  // The ratings report: a row per company, at both widths.
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${server.url}/admin/reports/ratings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Avaliações dos cidadãos' })).toBeVisible();
    await expect(page.locator('[data-ratings-row="2"]')).toContainText('4,50');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSidewaysScroll(page, `ratings report ${width}`);
    await axe(`ratings report pt ${width}`);
  }

  // The transparency page counts the ratings; too few for a mean, at both widths.
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${server.url}/transparencia`);
    const satisfaction = page.getByTestId('transparency-satisfaction');
    await expect(page.getByRole('heading', { name: 'Satisfação dos cidadãos' })).toBeVisible();
    await expect(satisfaction.getByRole('row').filter({ hasText: 'Poucas avaliações' }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, `transparency ${width}`);
    await axe(`transparency satisfaction pt ${width}`);
  }
});
