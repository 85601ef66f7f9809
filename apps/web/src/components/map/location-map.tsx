// A Leaflet map with one marker, loaded lazily (Leaflet stays out of the first load).
// The marker is an inline SVG, so no image has to be fetched for it.
import 'leaflet/dist/leaflet.css';
import './location-map.css';
import L from 'leaflet';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useZoomLabels } from './zoom-control.ts';

export interface LocationMapProps {
  /** The marker, or null before a position is known. */
  position: { lat: number; lon: number } | null;
  zoom: number;
  /** Where to look when there is no position. */
  fallback: { lat: number; lon: number; zoom: number };
  tileUrl: string;
  attribution: string;
  label: string;
  /** Titles of the zoom buttons; by default public.location's words in the page's language. */
  zoomLabels?: { in: string; out: string };
  heightPx: number;
  onMapClick?: (lat: number, lon: number) => void;
  crosshair?: boolean;
  /**
   * Enter or Space on the focused map: a point at the map's centre (where the crosshair
   * shows while the map has focus), with the zoom it is seen at. The arrows move the map
   * (Leaflet's keyboard handler) and + and − zoom.
   */
  onKeyboardPick?: (lat: number, lon: number, zoom: number) => void;
  /** The id of the text that tells how to use the map by keyboard. */
  describedBy?: string;
  /** What draws on the map once it exists (the wizard's layer of poles), given the Leaflet map. */
  layers?: (map: L.Map) => ReactNode;
}

const markerIcon = L.divIcon({
  className: '',
  html: '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="42" viewBox="0 0 30 42" aria-hidden="true"><path d="M15 1C7.3 1 1 7.2 1 14.9 1 25.3 15 41 15 41s14-15.7 14-26.1C29 7.2 22.7 1 15 1z" fill="#b91c1c" stroke="#fff" stroke-width="2"/><circle cx="15" cy="15" r="5.5" fill="#fff"/></svg>',
  iconSize: [30, 42],
  iconAnchor: [15, 41],
});

export default function LocationMap(props: LocationMapProps) {
  const { position, zoom, fallback, tileUrl, attribution, label, zoomLabels, heightPx, onMapClick, crosshair } = props;
  const { onKeyboardPick, describedBy, layers } = props;
  const [drawn, setDrawn] = useState<L.Map | null>(null);
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const clickHandler = useRef(onMapClick);
  clickHandler.current = onMapClick;
  const keyboardPick = useRef(onKeyboardPick);
  keyboardPick.current = onKeyboardPick;

  // One map for the component's life; tiles and zoom buttons follow their props.
  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { zoomControl: false, attributionControl: true });
    // Leaflet's credit as text: its link was one more Tab stop on the way through the wizard.
    instance.attributionControl.setPrefix('Leaflet');
    instance.on('click', (event: L.LeafletMouseEvent) => clickHandler.current?.(event.latlng.lat, event.latlng.lng));
    // Enter or Space on the map itself (not on its zoom buttons or links) drops the pin at the centre.
    const container = element.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target !== container || (event.key !== 'Enter' && event.key !== ' ')) return;
      if (!keyboardPick.current) return;
      event.preventDefault();
      const centre = instance.getCenter();
      keyboardPick.current(centre.lat, centre.lng, instance.getZoom());
    };
    container.addEventListener('keydown', onKeyDown);
    map.current = instance;
    setDrawn(instance);
    return () => {
      setDrawn(null);
      container.removeEventListener('keydown', onKeyDown);
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

  const pageZoomLabels = useZoomLabels();
  const zoomIn = zoomLabels?.in ?? pageZoomLabels.in;
  const zoomOut = zoomLabels?.out ?? pageZoomLabels.out;
  useEffect(() => {
    const control = map.current
      ? L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map.current)
      : null;
    // Out of the Tab order: + and − on the focused map zoom as these do (the map's hint says
    // so), and two stops fewer between the address box and "Próximo" (issue 35).
    for (const button of control?.getContainer()?.querySelectorAll('a') ?? []) button.tabIndex = -1;
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
    <div className="relative">
      <section
        ref={element}
        aria-label={label}
        aria-describedby={describedBy}
        data-testid="location-map"
        // Leaflet makes the map focusable; the ring is drawn inside, as the frame around it clips.
        className={`peer focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-blue-700 ${crosshair ? 'cursor-crosshair' : ''}`}
        style={{ height: heightPx, width: '100%', zIndex: 0 }}
      />
      {onKeyboardPick ? (
        // Where Enter or Space puts the pin: the centre, shown while the map has keyboard focus.
        <svg
          aria-hidden="true"
          data-testid="map-crosshair"
          viewBox="0 0 40 40"
          width="40"
          height="40"
          className="pointer-events-none absolute top-1/2 left-1/2 z-[1000] hidden -translate-x-1/2 -translate-y-1/2 peer-focus-visible:block"
        >
          <circle cx="20" cy="20" r="9" fill="none" stroke="#fff" strokeWidth="5" />
          <circle cx="20" cy="20" r="9" fill="none" stroke="#1d4ed8" strokeWidth="2.5" />
          <path d="M20 0v12M20 28v12M0 20h12M28 20h12" stroke="#fff" strokeWidth="5" />
          <path d="M20 0v12M20 28v12M0 20h12M28 20h12" stroke="#1d4ed8" strokeWidth="2.5" />
        </svg>
      ) : null}
      {drawn && layers ? layers(drawn) : null}
    </div>
  );
}
