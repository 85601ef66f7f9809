// A Leaflet map with one marker, loaded lazily (Leaflet stays out of the first load).
// The marker is an inline SVG, so no image has to be fetched for it.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';

export interface LocationMapProps {
  /** The marker, or null before a position is known. */
  position: { lat: number; lon: number } | null;
  zoom: number;
  /** Where to look when there is no position. */
  fallback: { lat: number; lon: number; zoom: number };
  tileUrl: string;
  attribution: string;
  label: string;
  /** Titles of the zoom buttons, in the reader's language. */
  zoomLabels?: { in: string; out: string };
  heightPx: number;
  onMapClick?: (lat: number, lon: number) => void;
  crosshair?: boolean;
}

const markerIcon = L.divIcon({
  className: '',
  html: '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="42" viewBox="0 0 30 42" aria-hidden="true"><path d="M15 1C7.3 1 1 7.2 1 14.9 1 25.3 15 41 15 41s14-15.7 14-26.1C29 7.2 22.7 1 15 1z" fill="#b91c1c" stroke="#fff" stroke-width="2"/><circle cx="15" cy="15" r="5.5" fill="#fff"/></svg>',
  iconSize: [30, 42],
  iconAnchor: [15, 41],
});

export default function LocationMap(props: LocationMapProps) {
  const { position, zoom, fallback, tileUrl, attribution, label, zoomLabels, heightPx, onMapClick, crosshair } = props;
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const clickHandler = useRef(onMapClick);
  clickHandler.current = onMapClick;

  // One map for the component's life; tiles and zoom buttons follow their props.
  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { zoomControl: false, attributionControl: true });
    instance.on('click', (event: L.LeafletMouseEvent) => clickHandler.current?.(event.latlng.lat, event.latlng.lng));
    map.current = instance;
    return () => {
      map.current = null;
      marker.current = null;
      instance.remove();
    };
  }, []);

  useEffect(() => {
    const layer = map.current ? L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map.current) : null;
    return () => {
      if (map.current) layer?.remove();
    };
  }, [tileUrl, attribution]);

  const zoomIn = zoomLabels?.in ?? 'Zoom in';
  const zoomOut = zoomLabels?.out ?? 'Zoom out';
  useEffect(() => {
    const control = map.current
      ? L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map.current)
      : null;
    return () => {
      if (map.current) control?.remove();
    };
  }, [zoomIn, zoomOut]);

  const lat = position?.lat ?? null;
  const lon = position?.lon ?? null;
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (lat !== null && lon !== null) {
      const point: L.LatLngExpression = [lat, lon];
      if (marker.current) marker.current.setLatLng(point);
      else marker.current = L.marker(point, { icon: markerIcon, interactive: false, keyboard: false }).addTo(instance);
      instance.setView(point, zoom);
    } else {
      marker.current?.remove();
      marker.current = null;
      instance.setView([fallback.lat, fallback.lon], fallback.zoom);
    }
  }, [lat, lon, zoom, fallback.lat, fallback.lon, fallback.zoom]);

  return (
    <section
      ref={element}
      aria-label={label}
      data-testid="location-map"
      className={crosshair ? 'cursor-crosshair' : undefined}
      style={{ height: heightPx, width: '100%', zIndex: 0 }}
    />
  );
}
