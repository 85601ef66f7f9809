import '../../lib/i18n.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n.ts';
import LocationMap from './location-map.tsx';

afterEach(async () => {
  cleanup();
  await setLanguage('pt');
});

const site = { zoom: 16, fallback: { lat: -30, lon: -51, zoom: 12 }, tileUrl: '', attribution: '', heightPx: 200 };

describe('map zoom buttons', () => {
  it("speak the page's language when the caller gives no words (the request detail's map)", async () => {
    render(<LocationMap position={{ lat: -30, lon: -51 }} label="Local" {...site} />);
    expect(screen.getByRole('button', { name: 'Aproximar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afastar' })).toBeInTheDocument();
    await act(() => setLanguage('en'));
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aproximar' })).toBeNull();
  });
});
