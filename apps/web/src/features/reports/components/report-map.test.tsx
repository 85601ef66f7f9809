import '../../../lib/i18n.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import ReportMap from './report-map.tsx';

afterEach(async () => {
  cleanup();
  await setLanguage('pt');
});

describe('report map', () => {
  it("titles its zoom buttons in the page's language", async () => {
    render(
      <ReportMap
        points={[]}
        heat={false}
        tileUrl=""
        attribution=""
        fallback={{ lat: -30, lon: -51, zoom: 12 }}
        label="Mapa"
        statusLabel={String}
        problemLabel={String}
        detailLabel={String}
        onOpen={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Aproximar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afastar' })).toBeInTheDocument();
    await act(() => setLanguage('en'));
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afastar' })).toBeNull();
  });
});
