// The pin dropped by keyboard at the map's centre, kept at the zoom it was seen at, and said aloud.
// Each drop's words carry its coordinates (a live region repeats no unchanged text), and the
// words change again once that point's address arrives, so "looking up" does not linger.
import { COORDINATE_FALLBACK_DECIMALS } from '@acende/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../lib/wizard-catalogue.ts';
import type { LocationState } from '../lib/wizard-state.ts';

export function useKeyboardPin(
  { latitude, longitude, address }: Pick<LocationState, 'latitude' | 'longitude' | 'address'>,
  onLocation: (patch: Partial<LocationState>) => void,
  setZoom: (zoom: number) => void,
) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const droppedAt = useRef<{ lat: number; lon: number } | null>(null);
  const onKeyboardPick = useCallback(
    (lat: number, lon: number, mapZoom: number) => {
      setZoom(mapZoom);
      droppedAt.current = { lat, lon };
      onLocation({ latitude: lat, longitude: lon, address: '', confirmed: false, error: null, loaded: true });
      setAnnouncement(
        t('public-wizard.mapKeys.dropped', {
          latitude: lat.toFixed(COORDINATE_FALLBACK_DECIMALS),
          longitude: lon.toFixed(COORDINATE_FALLBACK_DECIMALS),
        }),
      );
    },
    [onLocation, t, setZoom],
  );
  useEffect(() => {
    const drop = droppedAt.current;
    if (!drop || !address) return;
    droppedAt.current = null;
    // Another point (a search result) replaced the dropped one: its "looking up" no longer holds.
    setAnnouncement(
      drop.lat === latitude && drop.lon === longitude ? t('public-wizard.mapKeys.found', { address }) : '',
    );
  }, [latitude, longitude, address, t]);

  return { announcement, setAnnouncement, onKeyboardPick };
}
