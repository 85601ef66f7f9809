import '../../../lib/i18n.ts';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { json, stubFetch } from '../test/render.tsx';
import { PoleLayer } from './pole-layer.tsx';

const poles = [
  { id: 7, companyId: 1, number: '12345', latitude: -30.0301, longitude: -51.2301 },
  { id: 8, companyId: 2, number: 'CX-9', latitude: -30.0302, longitude: -51.2302 },
];

let map: L.Map;
beforeEach(() => {
  const element = document.createElement('div');
  document.body.append(element);
  map = L.map(element, { zoomAnimation: false, fadeAnimation: false });
  // jsdom lays nothing out: the map is given a phone's size.
  vi.spyOn(map, 'getSize').mockReturnValue(L.point(360, 640));
  map.setView([-30.03, -51.23], 17);
});
afterEach(async () => {
  cleanup();
  map.remove();
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const boxOf = (url: string) => new URL(url, 'http://x').searchParams.get('bbox')?.split(',').map(Number) ?? [];

describe('pole layer', () => {
  it('fetches the visible box and draws its poles as buttons that select them, by mouse and keyboard', async () => {
    const fetchMock = stubFetch((url) => (url.startsWith('/api/poles?') ? json({ poles, clusters: [] }) : undefined));
    const onSelect = vi.fn();
    const { rerender } = render(<PoleLayer map={map} selectedPoleId={null} onSelect={onSelect} />);
    const first = await screen.findByRole('button', { name: 'Poste 12345' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [west, south, east, north] = boxOf(String(fetchMock.mock.calls[0]?.[0]));
    const bounds = map.getBounds();
    // The visible box, rounded outwards by at most 0.0001°.
    expect(west).toBeLessThanOrEqual(bounds.getWest());
    expect(west).toBeGreaterThan(bounds.getWest() - 0.0001);
    expect(east).toBeGreaterThanOrEqual(bounds.getEast());
    expect(south).toBeLessThanOrEqual(bounds.getSouth());
    expect(north).toBeGreaterThanOrEqual(bounds.getNorth());
    expect((north as number) - (south as number)).toBeLessThan(0.01);
    expect(first).toHaveAttribute('aria-pressed', 'false');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Poste CX-9' }));
    expect(onSelect).toHaveBeenLastCalledWith(poles[1]);
    first.focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(poles[0]);

    // The chosen pole is marked, and the keyboard's place is kept across the redraw.
    rerender(<PoleLayer map={map} selectedPoleId={7} onSelect={onSelect} />);
    const chosen = screen.getByRole('button', { name: 'Poste 12345' });
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Poste CX-9' })).toHaveAttribute('aria-pressed', 'false');
    expect(chosen).toHaveFocus();
  });

  it('is one Tab stop: the arrows go from pole to pole, Escape back to the map', async () => {
    // jsdom places nothing: each pole's screen point is taken from its coordinates.
    vi.spyOn(map, 'latLngToContainerPoint').mockImplementation((latlng) =>
      L.point((L.latLng(latlng).lng + 51.2301) * 1e5, -(L.latLng(latlng).lat + 30.0301) * 1e5),
    );
    const grid = [
      { id: 1, companyId: 1, number: 'A', latitude: -30.0301, longitude: -51.2301 },
      { id: 2, companyId: 1, number: 'B', latitude: -30.0301, longitude: -51.23 },
      { id: 3, companyId: 1, number: 'C', latitude: -30.0302, longitude: -51.23 },
    ];
    stubFetch(() => json({ poles: grid, clusters: [] }));
    const onSelect = vi.fn();
    render(<PoleLayer map={map} selectedPoleId={2} onSelect={onSelect} />);
    const b = await screen.findByRole('button', { name: 'Poste B' });
    // The chosen pole holds the layer's only Tab stop.
    expect(b).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Poste A' })).toHaveAttribute('tabindex', '-1');
    b.focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Poste C' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    const a = screen.getByRole('button', { name: 'Poste A' });
    expect(a).toHaveFocus();
    // The stop moves with the focus; nothing lies further left.
    expect(a).toHaveAttribute('tabindex', '0');
    expect(b).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowLeft}');
    expect(a).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(map.getContainer()).toHaveFocus();
  });

  it('names the markers in English', async () => {
    await setLanguage('en');
    stubFetch(() => json({ poles, clusters: [] }));
    render(<PoleLayer map={map} onSelect={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Pole 12345' })).toBeInTheDocument();
  });

  it('fetches again once the map rests, cancelling the fetch a newer view replaces', async () => {
    const fetchMock = stubFetch((url) => (url.includes('-51.3') ? json({ poles: [], clusters: [] }) : undefined));
    render(<PoleLayer map={map} onSelect={vi.fn()} />);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const firstSignal = fetchMock.mock.calls[0]?.[1]?.signal as AbortSignal;
    // Three moves in a row: one fetch, after the last.
    act(() => {
      map.setView([-30.04, -51.25], 17);
      map.setView([-30.05, -51.28], 17);
      map.setView([-30.05, -51.3], 17);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(firstSignal.aborted).toBe(true);
    const [west, , east] = boxOf(String(fetchMock.mock.calls[1]?.[0]));
    expect(((west as number) + (east as number)) / 2).toBeCloseTo(-51.3, 3);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('draws clusters as counts that zoom the map in, and asks nothing when zoomed far out', async () => {
    const fetchMock = stubFetch(() =>
      json({ poles: [], clusters: [{ latitude: -30.031, longitude: -51.231, count: 1234 }] }),
    );
    map.setView([-30.03, -51.23], 14);
    render(<PoleLayer map={map} onSelect={vi.fn()} />);
    const bubble = await screen.findByRole('button', { name: '1234 postes aqui: aproximar o mapa' });
    expect(bubble).toHaveTextContent('1234');
    bubble.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(map.getZoom()).toBe(16);
    expect(map.getCenter().lat).toBeCloseTo(-30.031, 6);
    expect(map.getContainer()).toHaveFocus();

    fetchMock.mockClear();
    act(() => {
      map.setView([-30.03, -51.23], 11);
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /postes aqui/ })).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The zoom-in's own view was fetched; the zoomed-out one was not.
    for (const call of fetchMock.mock.calls)
      expect((boxOf(String(call[0]))[2] as number) - (boxOf(String(call[0]))[0] as number)).toBeLessThan(0.1);
  });

  it('says so when the layer cannot be loaded', async () => {
    stubFetch(() => json({ message: 'x' }, 500));
    render(<PoleLayer map={map} onSelect={vi.fn()} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Não foi possível mostrar os postes no mapa');
  });
});
