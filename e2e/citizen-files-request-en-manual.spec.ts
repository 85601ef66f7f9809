// The same journey in English, placing the pin by hand on the map instead of searching.
import { chooseProblem, expectStep, fillContact, openWizard, toastWith } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';

// No geolocation permission: the point comes from the map only.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a citizen files a request in English by clicking the map', async ({ page, axe }) => {
  await openWizard(page, 'en');
  await expect(page.getByText('A phone number is required so the team can contact you.')).toBeVisible();
  await axe('step 1 en');
  await fillContact(page, 'en', { phone: '+55 51 3333-4444' });
  await expect(toastWith(page, 'Could not get your location. Please provide it manually.')).toBeVisible();

  await page.getByRole('button', { name: 'Pick on the map' }).click();
  await expect(toastWith(page, 'Click on the map to mark the location')).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await chooseProblem(page, 'en', 'Pole Damage');
  await axe('manual mode');

  // The default centre is Brasília at zoom 4; a click anywhere sets the point and the
  // fake geocoder answers the nearest known street.
  const map = page.getByRole('region', { name: "Map of the problem's location" });
  await map.click({ position: { x: 60, y: 60 } });
  await expect(page.getByTestId('selected-address')).toContainText('Porto Alegre');
  await expect(next).toBeDisabled();
  await page.getByRole('button', { name: 'Confirm location' }).click();
  await expect(toastWith(page, 'Location confirmed')).toBeVisible();
  await expect(next).toBeEnabled();

  // Clicking the map again clears the confirmation.
  await map.click({ position: { x: 120, y: 100 } });
  await expect(next).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Confirm location' })).toBeEnabled();
  await page.getByRole('button', { name: 'Confirm location' }).click();
  await next.click();

  await expectStep(page, 'en', 3);
  await expect(page.getByRole('complementary')).toContainText('Not provided');
  await page.getByRole('radio', { name: /RGE/ }).check();
  await axe('step 3 en');
  await page.getByRole('button', { name: 'Submit request' }).click();

  await expectStep(page, 'en', 4);
  await expect(page.getByText('Request submitted successfully!')).toBeVisible();
  await expect(page.getByText('Not provided')).toBeVisible();
  await expect(page.getByText('Pole Damage')).toBeVisible();
  await expect(page.getByTestId('email-notice')).toHaveText(
    'No e-mail was sent, because you did not give an e-mail address. Keep the request number and the tracking link to follow the repair.',
  );
  await axe('success en');
  await page.getByRole('button', { name: 'Copy tracking link' }).click();
  await expect(toastWith(page, 'Copied!')).toBeVisible();

  const id = (await page.getByTestId('request-id').textContent())?.trim();
  await page.getByTestId('tracking-link').click();
  await expect(page.getByRole('heading', { level: 2, name: `Request no. ${id}` })).toBeVisible();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Open');
  await expect(page.getByText('+55 51 3333-4444')).toBeVisible();
  await expect(page.getByText('RGE Sul Distribuidora de Energia (RGE)')).toBeVisible();
  await expect(page.getByText(/^Created (now|\d+ seconds? ago)/)).toBeVisible();
  await axe('tracking en');
});
