// One point on the site's map at street zoom (a request's place on its detail and its
// tracking page): a spinner while the site's settings or the map's code load.
import { lazy, Suspense } from 'react';
import { Spinner } from '../ui/spinner.tsx';
import { useSite } from './get-site.ts';
import type { LocationMapProps } from './location-map.tsx';

const LocationMap = lazy(() => import('./location-map.tsx'));

export function PointMap({
  lat,
  lon,
  ...map
}: { lat: number; lon: number } & Pick<LocationMapProps, 'label' | 'zoomLabels' | 'heightPx'>) {
  const site = useSite();
  if (!site.data) return <Spinner />;
  return (
    <Suspense fallback={<Spinner />}>
      <LocationMap
        position={{ lat, lon }}
        zoom={16}
        fallback={site.data.map}
        tileUrl={site.data.tileUrl}
        attribution={site.data.tileAttribution}
        {...map}
      />
    </Suspense>
  );
}
