// The device's position for step 2: asked for on screen load unless a point was already
// chosen, and again on "my location"; a position arriving after a pole was chosen is dropped.
import { GEOLOCATION_TIMEOUT_MS, MAP_ZOOM_INITIAL } from '@acende/shared/constants';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { LocationState } from '../lib/wizard-state.ts';

export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser';

export function useDevicePosition(
  latitude: number | null,
  onLocation: (patch: Partial<LocationState>) => void,
  setZoom: (zoom: number) => void,
  poleRef: RefObject<unknown>,
) {
  const { t } = useTranslation();
  const requestPosition = useCallback(
    (automatic = false) => {
      if (!('geolocation' in navigator) || !navigator.geolocation) {
        onLocation({ error: GEOLOCATION_UNSUPPORTED, loaded: true });
        toast({ title: t('public.toast.browser.error'), variant: 'destructive' });
        return;
      }
      onLocation({ loaded: false });
      navigator.geolocation.getCurrentPosition(
        (position) => {
          // The position asked for on load arrived after a pole was chosen: the pole stands.
          if (automatic && poleRef.current) return;
          setZoom(MAP_ZOOM_INITIAL);
          onLocation({
            latitude: position.coords.latitude,
            longitude: position.coords.longitude,
            address: '',
            loaded: true,
            error: null,
            confirmed: false,
          });
        },
        (error) => {
          onLocation({ error: error.message || String(error.code), loaded: true });
          toast({ title: t('public.toast.location.error'), variant: 'destructive' });
        },
        { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
      );
    },
    [onLocation, t, setZoom, poleRef],
  );

  // On screen load the device position is asked for, unless a point was already chosen.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (latitude === null) requestPosition(true);
  }, [latitude, requestPosition]);

  return requestPosition;
}
