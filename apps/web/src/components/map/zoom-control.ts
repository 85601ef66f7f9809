// The zoom buttons of every map in the page's language: Leaflet titles them in English
// ("Zoom in"), which a screen reader read out on Portuguese pages (issue 35). The words are
// public.location's, loaded on every page, public or admin.
import L from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';

export interface ZoomLabels {
  in: string;
  out: string;
}

export function useZoomLabels(): ZoomLabels {
  const { t } = useTranslation();
  return { in: t('public.location.zoomIn'), out: t('public.location.zoomOut') };
}

/**
 * Zoom buttons on `map` (create the map with `zoomControl: false`), titled in the page's
 * language and replaced when it changes. A map removed first takes its buttons with it.
 */
export function useZoomControl(map: L.Map | null) {
  const labels = useZoomLabels();
  useEffect(() => {
    if (!map) return;
    const control = L.control.zoom({ zoomInTitle: labels.in, zoomOutTitle: labels.out }).addTo(map);
    return () => {
      control.remove();
    };
  }, [map, labels.in, labels.out]);
}
