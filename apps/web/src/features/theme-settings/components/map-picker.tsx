// A Leaflet map to choose where the request map starts: a click centres it there, and
// panning or zooming (mouse or keyboard: arrows and +/-) sets the centre and zoom.
import 'leaflet/dist/leaflet.css';
import type { MapDefaults } from '@acende/shared/schemas/theme';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useZoomControl } from '../../../components/map/zoom-control.ts';

interface MapPickerProps {
  value: MapDefaults;
  onChange: (value: MapDefaults) => void;
  tileUrl: string;
  attribution: string;
  label: string;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const same = (a: MapDefaults, b: MapDefaults) =>
  Math.abs(a.lat - b.lat) < 0.0001 && Math.abs(a.lon - b.lon) < 0.0001 && a.zoom === b.zoom;

export default function MapPicker({ value, onChange, tileUrl, attribution, label }: MapPickerProps) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const initial = useRef(value);
  const [drawn, setDrawn] = useState<L.Map | null>(null);
  useZoomControl(drawn);

  useEffect(() => {
    if (!element.current) return;
    const start = initial.current;
    const instance = L.map(element.current, { keyboard: true, zoomControl: false }).setView(
      [start.lat, start.lon],
      start.zoom,
    );
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(instance);
    const report = () => {
      const centre = instance.getCenter();
      changed.current({
        lat: round(centre.lat),
        lon: round(L.Util.wrapNum(centre.lng, [-180, 180], true)),
        zoom: instance.getZoom(),
      });
    };
    instance.on('moveend', report);
    instance.on('click', (event: L.LeafletMouseEvent) => instance.panTo(event.latlng));
    map.current = instance;
    setDrawn(instance);
    return () => {
      setDrawn(null);
      instance.remove();
      map.current = null;
    };
  }, [tileUrl, attribution]);

  // Typed values and "reset to defaults" move the map too.
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const centre = instance.getCenter();
    const current = { lat: round(centre.lat), lon: round(centre.lng), zoom: instance.getZoom() };
    const valid = Number.isFinite(value.lat) && Number.isFinite(value.lon) && Number.isInteger(value.zoom);
    if (valid && !same(current, value)) instance.setView([value.lat, value.lon], value.zoom);
  }, [value]);

  return (
    <section
      ref={element}
      aria-label={label}
      data-testid="map-picker"
      className="cursor-crosshair rounded-theme border border-gray-300"
      style={{ height: 280, width: '100%', zIndex: 0 }}
    />
  );
}
