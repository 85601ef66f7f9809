// A work order's route on the site's map (loaded lazily, Leaflet with it): a numbered marker
// per stop, a line through them in route order from the start point when there is one, and
// the view fitted to them. The numbered list beside it says the same in words.
import type { WorkOrder } from '@acende/shared/schemas/work-orders';
import L from 'leaflet';
import { useEffect } from 'react';
import LocationMap from '../../../components/map/location-map.tsx';

export interface RouteMapProps {
  order: Pick<WorkOrder, 'stops' | 'startLat' | 'startLng'>;
  tileUrl: string;
  attribution: string;
  fallback: { lat: number; lon: number; zoom: number };
  label: string;
}

const stopIcon = (position: number, overdue: boolean) =>
  L.divIcon({
    className: '',
    html: `<span aria-hidden="true" class="flex size-7 items-center justify-center rounded-full border-2 border-white text-xs font-bold text-white shadow-md ${overdue ? 'bg-red-700' : 'bg-blue-800'}">${position}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });

const startIcon = L.divIcon({
  className: '',
  html: '<span aria-hidden="true" class="block size-4 rotate-45 border-2 border-white bg-gray-900 shadow"></span>',
  iconSize: [16, 16],
  iconAnchor: [8, 8],
});

function RouteLayer({ map, order }: { map: L.Map; order: RouteMapProps['order'] }) {
  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const points: L.LatLngExpression[] = [];
    if (order.startLat !== null && order.startLng !== null) {
      points.push([order.startLat, order.startLng]);
      L.marker([order.startLat, order.startLng], { icon: startIcon, interactive: false, keyboard: false }).addTo(group);
    }
    for (const stop of order.stops) {
      points.push([stop.latitude, stop.longitude]);
      L.marker([stop.latitude, stop.longitude], {
        icon: stopIcon(stop.position, stop.overdue),
        interactive: false,
        keyboard: false,
      }).addTo(group);
    }
    if (points.length > 1) L.polyline(points, { color: '#1e40af', weight: 3, opacity: 0.8 }).addTo(group);
    if (points.length > 0) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 17 });
    return () => {
      group.remove();
    };
  }, [map, order]);
  return null;
}

export default function RouteMap({ order, ...map }: RouteMapProps) {
  return (
    <LocationMap
      position={null}
      zoom={map.fallback.zoom}
      heightPx={360}
      {...map}
      layers={(instance) => <RouteLayer map={instance} order={order} />}
    />
  );
}
