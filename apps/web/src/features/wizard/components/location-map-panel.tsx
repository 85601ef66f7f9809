// Step 2's map: the chosen point (a tap places it in manual mode, the keyboard drops it at the
// centre), the registry's poles on top when poles can be chosen, its keyboard hint and the
// live region that says where the pin went.
import { DEFAULT_MAP_CENTER, MAP_HEIGHT_PX } from '@acende/shared/constants';
import type { PoleLookup, PublicPole } from '@acende/shared/schemas/poles';
import { lazy, Suspense, useId } from 'react';
import { useSite } from '../../../components/map/get-site.ts';
import '../lib/wizard-catalogue.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { LocationState } from '../lib/wizard-state.ts';

const LocationMap = lazy(() => import('../../../components/map/location-map.tsx'));
// The poles on the map come with Leaflet, after the map.
const PoleLayer = lazy(() => import('./pole-layer.tsx'));

interface LocationMapPanelProps {
  location: LocationState;
  zoom: number;
  announcement: string;
  pole: PoleLookup | null;
  onMapClick: (lat: number, lon: number) => void;
  onKeyboardPick: (lat: number, lon: number, zoom: number) => void;
  /** Set when poles can be chosen: the pole layer is shown and a tapped pole comes here. */
  onPoleTapped?: (pole: PublicPole) => void;
}

export function LocationMapPanel(props: LocationMapPanelProps) {
  const { location, zoom, announcement, pole, onMapClick, onKeyboardPick, onPoleTapped } = props;
  const { t } = useTranslation();
  const site = useSite();
  const mapHintId = useId();
  const hasPoint = location.latitude !== null && location.longitude !== null;
  const mapFallback = site.data?.map ?? DEFAULT_MAP_CENTER;

  return (
    <>
      <div className="overflow-hidden rounded-theme border border-gray-300" style={{ minHeight: MAP_HEIGHT_PX }}>
        {site.data ? (
          <Suspense fallback={<MapPlaceholder />}>
            <LocationMap
              position={hasPoint ? { lat: location.latitude as number, lon: location.longitude as number } : null}
              zoom={zoom}
              fallback={mapFallback}
              tileUrl={site.data.tileUrl}
              attribution={site.data.tileAttribution}
              label={t('public.location.map')}
              zoomLabels={{ in: t('public.location.zoomIn'), out: t('public.location.zoomOut') }}
              heightPx={MAP_HEIGHT_PX}
              onMapClick={location.manual ? onMapClick : undefined}
              crosshair={location.manual}
              onKeyboardPick={onKeyboardPick}
              describedBy={mapHintId}
              layers={
                onPoleTapped
                  ? (map) => (
                      <Suspense fallback={null}>
                        <PoleLayer map={map} selectedPoleId={pole?.id ?? null} onSelect={onPoleTapped} />
                      </Suspense>
                    )
                  : undefined
              }
            />
          </Suspense>
        ) : (
          <MapPlaceholder />
        )}
      </div>
      <p id={mapHintId} className="text-sm text-gray-700">
        {t('public-wizard.mapKeys.hint')}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

function MapPlaceholder() {
  return <div className="animate-pulse bg-gray-200" style={{ height: MAP_HEIGHT_PX }} />;
}
