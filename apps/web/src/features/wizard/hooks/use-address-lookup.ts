// Coordinates without an address: the address is looked up (reverse geocoding) and handed on,
// unless the point changed meanwhile.
import { useEffect } from 'react';
import type { LocationState } from '../lib/wizard-state.ts';
import { useReverseGeocode } from './use-geocoder.ts';

export function useAddressLookup(
  { latitude, longitude, address }: Pick<LocationState, 'latitude' | 'longitude' | 'address'>,
  onLocation: (patch: Partial<LocationState>) => void,
) {
  const reverse = useReverseGeocode();
  useEffect(() => {
    if (latitude === null || longitude === null || address) return;
    let current = true;
    void reverse(latitude, longitude).then((found) => {
      if (current) onLocation({ address: found });
    });
    return () => {
      current = false;
    };
  }, [latitude, longitude, address, reverse, onLocation]);
}
