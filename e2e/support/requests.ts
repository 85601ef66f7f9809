// Helpers for the journeys on the operators' request screens: requests filed through the
// public API, phone numbers no other journey uses, and the check that a page does not
// scroll sideways (a 360 px phone).
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export async function fileRequest(
  request: APIRequestContext,
  phone: string,
  fields: { name?: string; company?: string } = {},
): Promise<{ id: number; trackingToken: string }> {
  const res = await request.post('/api/repair-requests', {
    data: {
      name: fields.name ?? 'Rosângela Medeiros',
      email: 'rosangela@example.com',
      phone,
      address: 'Rua João Alfredo, 250 - Cidade Baixa, Porto Alegre - RS',
      reference: 'Poste em frente ao bar',
      problemType: 'LIGHT_OUT',
      latitude: '-30.0401',
      longitude: '-51.2219',
      company: fields.company ?? '2',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; trackingToken: string };
}

/** A phone no other test uses: a search finds exactly the requests filed with it. */
export function uniquePhone(): string {
  const digits = String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0');
  return `(51) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/**
 * Nothing on the page is wider than the screen (the tables' own regions included), once the
 * layout has settled: measured again until it holds or the expect timeout passes, as a page just
 * resized to 360 px was once measured at 500 px wide mid-relayout on a loaded CI machine; an
 * overflow that stays still fails.
 */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflowing = () =>
    page.evaluate(() => {
      const pairs = [
        ['page', document.documentElement.scrollWidth, document.documentElement.clientWidth] as const,
        ...[...document.querySelectorAll('main section[aria-label]:has(> table)')].map(
          (e) => [`region "${e.getAttribute('aria-label')}"`, e.scrollWidth, e.clientWidth] as const,
        ),
      ];
      return pairs
        .filter(([, scroll, client]) => scroll > client)
        .map(([name, scroll, client]) => `${name}: scrollWidth ${scroll} > clientWidth ${client}`);
    });
  await expect.poll(overflowing, { message: `${where}: nothing wider than the screen` }).toEqual([]);
}
