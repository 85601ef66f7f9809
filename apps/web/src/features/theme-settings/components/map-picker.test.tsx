import '../../../lib/i18n.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import MapPicker from './map-picker.tsx';

afterEach(async () => {
  cleanup();
  await setLanguage('pt');
});

describe('theme map picker', () => {
  it("titles its zoom buttons in the page's language", async () => {
    const value = { lat: -30, lon: -51, zoom: 12 };
    render(<MapPicker value={value} onChange={() => {}} tileUrl="" attribution="" label="Mapa" />);
    expect(screen.getByRole('button', { name: 'Aproximar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afastar' })).toBeInTheDocument();
    await act(() => setLanguage('en'));
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });
});
