// The work order form's map (loaded lazily, Leaflet with it): the site's tiles, panned and
// zoomed by the supervisor; the form reads its visible bounds and its centre when asked.
import type L from 'leaflet';
import { useEffect } from 'react';
import LocationMap from '../map/location-map.tsx';

export interface AreaMapProps {
  tileUrl: string;
  attribution: string;
  fallback: { lat: number; lon: number; zoom: number };
  label: string;
  describedBy: string;
  /** Called once with the Leaflet map, and with null when it goes. */
  onMap: (map: L.Map | null) => void;
}

function Handle({ map, onMap }: { map: L.Map; onMap: AreaMapProps['onMap'] }) {
  useEffect(() => {
    onMap(map);
    return () => onMap(null);
  }, [map, onMap]);
  return null;
}

export default function AreaMap({ onMap, ...props }: AreaMapProps) {
  return (
    <LocationMap
      position={null}
      zoom={props.fallback.zoom}
      heightPx={280}
      {...props}
      layers={(map) => <Handle map={map} onMap={onMap} />}
    />
  );
}
