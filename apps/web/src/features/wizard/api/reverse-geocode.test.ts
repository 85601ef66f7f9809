import { afterEach, describe, expect, it, vi } from 'vitest';
import { reverseGeocode } from './reverse-geocode.ts';

afterEach(() => vi.unstubAllGlobals());

describe('reverse lookup', () => {
  it('answers the display name', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ display_name: 'Rua A, 1' }), { status: 200 }));
    expect(await reverseGeocode(-30.0277, -51.2287)).toBe('Rua A, 1');
  });

  it.each([
    ['a 502', async () => new Response('{"message":"x"}', { status: 502 })],
    ['a 404', async () => new Response('{"message":"x"}', { status: 404 })],
    [
      'a network failure',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('falls back to the coordinates with six decimals after %s', async (_name, answer) => {
    vi.stubGlobal('fetch', answer);
    expect(await reverseGeocode(-30.0277, -51.2287)).toBe('Latitude: -30.027700, Longitude: -51.228700');
  });
});
