// A work order's stops on the map (loaded lazily, Leaflet with it): big numbered markers in
// route order, a line through them, the view fitted to them. Without signal the tiles may not
// load; the markers are drawn by the page and stay readable on the blank map.
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useSite } from '../../../components/map/get-site.ts';
import LocationMap from '../../../components/map/location-map.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { StopView } from '../lib/queue.ts';

interface TileSource {
  tileUrl: string;
  tileAttribution: string;
  map: { lat: number; lon: number; zoom: number };
}

/** The last tile source the server named, for a map opened without signal. */
const TILES_KEY = 'acende.campo.tiles';

function useTileSource(): TileSource | null {
  const site = useSite();
  const [kept] = useState<TileSource | null>(() => {
    try {
      return JSON.parse(localStorage.getItem(TILES_KEY) ?? 'null') as TileSource | null;
    } catch {
      return null;
    }
  });
  useEffect(() => {
    if (!site.data) return;
    const { tileUrl, tileAttribution, map } = site.data;
    try {
      localStorage.setItem(TILES_KEY, JSON.stringify({ tileUrl, tileAttribution, map }));
    } catch {
      // Private mode: the next start without signal shows the list only.
    }
  }, [site.data]);
  return site.data ?? kept;
}

const stopIcon = (stop: StopView) => {
  const colour = stop.outcome ? 'bg-green-800' : stop.overdue ? 'bg-red-700' : 'bg-blue-900';
  return L.divIcon({
    className: '',
    html: `<span aria-hidden="true" class="flex size-9 items-center justify-center rounded-full border-[3px] border-white text-base font-bold text-white shadow-[0_0_0_2px_#000] ${colour}">${stop.position}</span>`,
    iconSize: [36, 36],
    iconAnchor: [18, 18],
  });
};

function StopsLayer({ map, stops }: { map: L.Map; stops: StopView[] }) {
  // Drawn again when what the markers show changes, not at every render (the crew's pan and zoom stay).
  const drawn = stops.map((stop) => [
    stop.id,
    stop.position,
    stop.latitude,
    stop.longitude,
    stop.outcome,
    stop.overdue,
  ]);
  const signature = JSON.stringify(drawn);
  const latest = useRef(stops);
  latest.current = stops;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the stops
  useEffect(() => {
    const stops = latest.current;
    const group = L.layerGroup().addTo(map);
    const points: L.LatLngExpression[] = stops.map((stop) => [stop.latitude, stop.longitude]);
    if (points.length > 1) L.polyline(points, { color: '#000', weight: 4, opacity: 0.7 }).addTo(group);
    for (const stop of stops) {
      L.marker([stop.latitude, stop.longitude], { icon: stopIcon(stop), interactive: false, keyboard: false }).addTo(
        group,
      );
    }
    if (points.length > 0) map.fitBounds(L.latLngBounds(points), { padding: [28, 28], maxZoom: 17 });
    return () => {
      group.remove();
    };
  }, [map, signature]);
  return null;
}

export default function StopsMap({ stops, label }: { stops: StopView[]; label: string }) {
  const { t } = useTranslation();
  const tiles = useTileSource();
  if (!tiles) return null;
  return (
    <figure className="grid gap-1">
      <LocationMap
        position={null}
        zoom={tiles.map.zoom}
        fallback={tiles.map}
        tileUrl={tiles.tileUrl}
        attribution={tiles.tileAttribution}
        label={label}
        heightPx={300}
        layers={(instance) => <StopsLayer map={instance} stops={stops} />}
      />
      {navigator.onLine === false ? (
        <figcaption className="text-sm">{t('field-app.order.mapOffline')}</figcaption>
      ) : null}
    </figure>
  );
}
