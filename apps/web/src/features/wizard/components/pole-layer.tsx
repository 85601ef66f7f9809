// The wizard map's layer of poles (issue 21): the poles of the visible box as small
// markers, or count bubbles that zoom in when the box holds too many. It draws on a
// Leaflet map it is given and imports Leaflet itself, so it must be loaded with the map
// (lazily), never with the first page: `lazy(() => import('./pole-layer.tsx'))`.
import type { PoleLayer as PoleLayerData, PublicPole } from '@acende/shared/schemas/poles';
import L from 'leaflet';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { getPoleLayer, poleLayerBox } from '../api/get-pole-layer.ts';
// Its texts (wizard.poles.*) are the citizen's pole catalogue, which comes with this code.
import '../lib/pole-catalogue.ts';
import { isArrowKey, nearestTo, nextInDirection } from '../lib/pole-keys.ts';

export interface PoleLayerProps {
  map: L.Map;
  selectedPoleId?: number | null;
  onSelect(pole: PublicPole): void;
}

/** How long the map must rest before its box is fetched. */
export const POLE_LAYER_DEBOUNCE_MS = 250;

// A 24 px target (WCAG 2.5.8) around a 12 px dot; the chosen pole is bigger and blue.
const FOCUS = 'rounded-full focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-blue-700';
const poleIcon = (selected: boolean) =>
  L.divIcon({
    className: FOCUS,
    html: selected
      ? '<span aria-hidden="true" class="m-[1px] block size-[22px] rounded-full border-[3px] border-white bg-blue-700 shadow-md"></span>'
      : '<span aria-hidden="true" class="m-[6px] block size-3 rounded-full border-2 border-white bg-amber-500 shadow"></span>',
    iconSize: [24, 24],
    iconAnchor: [12, 12],
  });
const clusterIcon = (count: number) => {
  const size = count < 100 ? 32 : count < 10_000 ? 40 : 48;
  return L.divIcon({
    className: FOCUS,
    html: `<span aria-hidden="true" class="flex size-full items-center justify-center rounded-full border-2 border-white bg-amber-600/90 text-xs font-bold text-white shadow-md">${count < 10_000 ? count : `${Math.floor(count / 1000)}k`}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
};

/** Enter or Space on a marker acts as a click (Leaflet makes markers focusable, not pressable). */
function onPress(element: HTMLElement | undefined, action: () => void): void {
  element?.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    action();
  });
}

interface Drawn {
  /** 'p7' for pole 7, 'c0' for the first count bubble: what keeps the Tab stop across redraws. */
  key: string;
  element: HTMLElement;
  latlng: L.LatLng;
}

/**
 * The layer as one Tab stop (a roving tabindex): the marker it last left, else the chosen pole,
 * else the one nearest the centre, is in the Tab order; the arrows go from marker to marker and
 * Escape goes back to the map. 100 poles were 100 Tab presses between the map and the form.
 */
function rove(map: L.Map, drawn: Drawn[], current: { key: string | null }, preferred: string | null): void {
  const points = () => drawn.map((d) => map.latLngToContainerPoint(d.latlng));
  const keys = drawn.map((d) => d.key);
  let stop = keys.indexOf(current.key ?? '');
  if (stop < 0) stop = keys.indexOf(preferred ?? '');
  if (stop < 0) stop = nearestTo(points(), map.getSize().divideBy(2)) ?? -1;
  const hold = (index: number) => {
    drawn.forEach((d, i) => {
      d.element.tabIndex = i === index ? 0 : -1;
    });
    current.key = drawn[index]?.key ?? null;
  };
  hold(stop);
  drawn.forEach(({ element }, index) => {
    element.addEventListener('focus', () => hold(index));
    element.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        map.getContainer().focus();
        return;
      }
      if (!isArrowKey(event.key)) return;
      // The arrows cross the layer here; they move the map only while the map has the focus.
      event.preventDefault();
      event.stopPropagation();
      const next = nextInDirection(points(), index, event.key);
      if (next !== null) drawn[next]?.element.focus();
    });
  });
}

export function PoleLayer({ map, selectedPoleId = null, onSelect }: PoleLayerProps) {
  const { t } = useTranslation();
  const [layer, setLayer] = useState<PoleLayerData | null>(null);
  const [failed, setFailed] = useState(false);
  const select = useRef(onSelect);
  select.current = onSelect;
  // The pole whose marker had the focus when the layer was redrawn: it gets it back.
  const focusedPole = useRef<string | null>(null);
  // The marker that holds the layer's one Tab stop, kept across redraws.
  const tabStop = useRef<{ key: string | null }>({ key: null });
  const hintId = useId();

  // Only the visible box, once the map rests; a newer view cancels the older fetch.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const load = () => {
      controller?.abort();
      const bounds = map.getBounds();
      const bbox = poleLayerBox(
        { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
        map.getZoom(),
      );
      if (bbox === null) {
        setLayer(null);
        return;
      }
      const own = new AbortController();
      controller = own;
      getPoleLayer(bbox, own.signal).then(
        (answer) => {
          if (own.signal.aborted) return;
          setLayer(answer);
          setFailed(false);
        },
        () => {
          if (!own.signal.aborted) setFailed(true);
        },
      );
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(load, POLE_LAYER_DEBOUNCE_MS);
    };
    map.on('moveend', schedule);
    load();
    return () => {
      map.off('moveend', schedule);
      clearTimeout(timer);
      controller?.abort();
    };
  }, [map]);

  useEffect(() => {
    // A map removed before this layer (its panes gone) has nothing to draw on.
    if (!layer || !map.getPane('markerPane')) return;
    const group = L.layerGroup().addTo(map);
    const drawn: Drawn[] = [];
    for (const pole of layer.poles) {
      const selected = pole.id === selectedPoleId;
      const name = t('public-poles.wizard.poles.pole', { number: pole.number });
      const marker = L.marker([pole.latitude, pole.longitude], {
        icon: poleIcon(selected),
        title: name,
        keyboard: true,
        zIndexOffset: selected ? 1000 : 0,
      })
        .on('click', () => select.current(pole))
        .addTo(group);
      const element = marker.getElement();
      element?.setAttribute('aria-label', name);
      element?.setAttribute('aria-pressed', String(selected));
      element?.setAttribute('data-pole-id', String(pole.id));
      element?.setAttribute('aria-describedby', hintId);
      onPress(element, () => select.current(pole));
      if (element) drawn.push({ key: `p${pole.id}`, element, latlng: marker.getLatLng() });
      if (focusedPole.current === String(pole.id)) element?.focus();
    }
    for (const [index, cluster] of layer.clusters.entries()) {
      const zoomIn = () => {
        map.setView([cluster.latitude, cluster.longitude], Math.min(map.getZoom() + 2, 19));
        // The bubble goes with the view: the keyboard carries on from the map.
        map.getContainer().focus();
      };
      const name = t('public-poles.wizard.poles.cluster', { count: cluster.count });
      const marker = L.marker([cluster.latitude, cluster.longitude], {
        icon: clusterIcon(cluster.count),
        title: name,
        keyboard: true,
      })
        .on('click', zoomIn)
        .addTo(group);
      const element = marker.getElement();
      element?.setAttribute('aria-label', name);
      element?.setAttribute('aria-describedby', hintId);
      onPress(element, zoomIn);
      if (element) drawn.push({ key: `c${index}`, element, latlng: marker.getLatLng() });
    }
    rove(map, drawn, tabStop.current, selectedPoleId === null ? null : `p${selectedPoleId}`);
    focusedPole.current = null;
    return () => {
      const active = document.activeElement;
      focusedPole.current =
        active instanceof HTMLElement && map.getContainer().contains(active) ? (active.dataset.poleId ?? null) : null;
      group.remove();
    };
  }, [map, layer, selectedPoleId, t, hintId]);

  return (
    <>
      <p id={hintId} hidden>
        {t('public-poles.wizard.poles.keys')}
      </p>
      <p role="status" className="sr-only">
        {failed ? t('public-poles.wizard.poles.loadFailed') : ''}
      </p>
    </>
  );
}

export default PoleLayer;
