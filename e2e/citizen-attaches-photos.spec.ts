// A citizen on a phone attaches two photos on step 2 (one a JPEG with GPS in its EXIF) and
// files; the operator sees both as thumbnails, opens one full size from the keyboard, reads
// the stored bytes (no EXIF left) and publishes one, which the tracking page then shows.
// Portuguese first, then English; one operator sign-in for both (decision 0033).
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { signInThroughForm } from './support/admin.ts';
import {
  ANDRADAS,
  chooseProblem,
  confirmLocation,
  expectStep,
  fillContact,
  type Lang,
  text,
} from './support/citizen.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { expectNoSidewaysScroll, uniquePhone } from './support/requests.ts';

const MARKER = 'Acende-E2E-Camera-Serial-5521';

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: Number(ANDRADAS.lat), longitude: Number(ANDRADAS.lon) },
});
test.describe.configure({ timeout: 120_000 });

const words = {
  pt: {
    gallery: 'Escolher da galeria',
    attached: (n: number) => `Foto ${n} anexada`,
    sent: '2 foto(s) enviada(s).',
    problem: 'Lâmpada apagada',
    photos: 'Fotos',
    open: (n: number) => `Abrir a foto ${n} em tamanho real`,
    full: (n: number) => `Foto ${n} enviada pelo cidadão`,
    close: 'Fechar',
    publish: 'Mostrar no acompanhamento público',
    publicAlt: (n: number) => `Foto ${n} da solicitação`,
  },
  en: {
    gallery: 'Choose from gallery',
    attached: (n: number) => `Attached photo ${n}`,
    sent: '2 photo(s) sent.',
    problem: 'Light Out',
    photos: 'Photos',
    open: (n: number) => `Open photo ${n} full size`,
    full: (n: number) => `Photo ${n} sent by the citizen`,
    close: 'Close',
    publish: 'Show on the public tracking page',
    publicAlt: (n: number) => `Photo ${n} of the request`,
  },
} as const;

async function photoFiles() {
  const gps = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c87828' } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: MARKER },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '30/1 1/1 40/1', GPSLongitudeRef: 'W', GPSLongitude: '51/1 13/1 43/1' },
    })
    .toBuffer();
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1e5ac8' } })
    .png()
    .toBuffer();
  expect(gps.includes(MARKER), 'the phone photo carries its EXIF').toBe(true);
  return [
    { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: gps },
    { name: 'poste.png', mimeType: 'image/png', buffer: png },
  ];
}

/** The citizen's part: contact, location, two photos from the gallery, company, submit. */
async function fileWithPhotos(
  page: Page,
  lang: Lang,
  files: Awaited<ReturnType<typeof photoFiles>>,
  axe: () => Promise<void>,
) {
  const w = words[lang];
  await page.goto('/');
  // English is chosen on the page itself, as a person does: a toggle followed at once by a new
  // document can race Chromium's hand-over of localStorage to the new renderer.
  if (lang === 'en') await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expectStep(page, lang, 1);
  await fillContact(page, lang, { name: 'Helena Prates', phone: uniquePhone() });
  await expect(page.getByTestId('selected-address')).toContainText('Rua dos Andradas');
  await chooseProblem(page, lang, w.problem);
  await confirmLocation(page, lang);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: w.gallery }).click();
  await (await chooser).setFiles(files);
  await expect(page.getByRole('img', { name: w.attached(1) })).toBeVisible();
  await expect(page.getByRole('img', { name: w.attached(2) })).toBeVisible();
  await expectNoSidewaysScroll(page, `step 2 with photos (${lang})`);
  await axe();

  await page.getByRole('button', { name: text[lang].next }).click();
  await expectStep(page, lang, 3);
  await page.getByRole('radio', { name: /Certel/ }).check();
  await page.getByRole('button', { name: text[lang].submit }).click();
  await expectStep(page, lang, 4);
  await expect(page.getByTestId('photo-uploads')).toContainText(w.sent);
  const id = Number((await page.getByTestId('request-id').textContent())?.trim());
  const trackPath = (await page.getByTestId('tracking-link').getAttribute('href')) ?? '';
  return { id, trackPath };
}

/** The operator's part: both thumbnails, one opened full size from the keyboard and closed. */
async function seePhotos(page: Page, lang: Lang, id: number) {
  const w = words[lang];
  await page.goto(`/admin/requests/${id}`);
  const section = page.getByRole('region', { name: w.photos });
  await expect(section.getByRole('button', { name: w.open(1) })).toBeVisible();
  await expect(section.getByRole('button', { name: w.open(2) })).toBeVisible();
  const opener = section.getByRole('button', { name: w.open(1) });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: lang === 'pt' ? 'Foto 1' : 'Photo 1' });
  await expect(dialog.getByRole('img', { name: w.full(1) })).toBeVisible();
  await expect
    .poll(() => dialog.getByRole('img', { name: w.full(1) }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(1600);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  return section;
}

test('a citizen attaches two photos and files; the operator sees both, in Portuguese and English', async ({
  page,
  axe,
}) => {
  const files = await photoFiles();

  const pt = await fileWithPhotos(page, 'pt', files, () => axe('step 2 with two photos (pt)'));

  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  const section = await seePhotos(page, 'pt', pt.id);
  await axe('request detail with photos (pt)');

  // The stored images, as the server hands them out: re-encoded JPEG, no EXIF, no GPS.
  const list = await page.request.get(`/api/admin/repair-requests/${pt.id}/photos`);
  const photos = (await list.json()).photos as { id: number; width: number }[];
  expect(photos.map((p) => p.width)).toEqual([1600, 800]);
  for (const photo of photos) {
    const image = await page.request.get(`/api/admin/repair-requests/${pt.id}/photos/${photo.id}`);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    const bytes = await image.body();
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(bytes.includes(MARKER)).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  }

  // Both photos full size in a PDF.
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Baixar as fotos em PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`solicitacao-${pt.id}-fotos.pdf`);

  // Published, photo 1 shows on the tracking page; photo 2 stays private.
  await section.getByRole('button', { name: words.pt.publish }).first().click();
  await expect(page.getByTestId('photo-1-visibility')).toHaveText('Pública');
  await expect(page.getByTestId('photo-2-visibility')).toHaveText('Privada');

  // English from here on: the citizen files again, the same operator looks.
  const en = await fileWithPhotos(page, 'en', files, () => axe('step 2 with two photos (en)'));
  await seePhotos(page, 'en', en.id);
  await axe('request detail with photos (en)');

  await page.goto(pt.trackPath);
  await expect(page.getByRole('img', { name: words.en.publicAlt(1) })).toBeVisible();
  await expect(page.getByRole('img', { name: words.en.publicAlt(2) })).toHaveCount(0);
  await axe('tracking page with a published photo (en)');
});
