// A pole chosen by its number or on the map: its place is the request's, already confirmed (the
// registry knows where it stands); the address is looked up from it unless the registry has a
// street. Chosen by its number, focus goes to the pole chosen; on the map, it stays on the map.
import { MAP_ZOOM_RESULT } from '@acende/shared/constants';
import type { PoleLookup, PublicPole } from '@acende/shared/schemas/poles';
import { useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { lookUpPole } from '../api/look-up-pole.ts';
import type { LocationState } from '../lib/wizard-state.ts';

interface PoleChoiceOptions {
  pole: PoleLookup | null;
  onPole: ((pole: PoleLookup | null) => void) | undefined;
  setLocation: (patch: Partial<LocationState>) => void;
  setZoom: (zoom: number) => void;
  announce: (words: string) => void;
}

export function usePoleChoice({ pole, onPole, setLocation, setZoom, announce }: PoleChoiceOptions) {
  const { t } = useTranslation();
  const poleCard = useRef<HTMLDivElement>(null);
  const justChosePole = useRef(false);
  const choosePole = (found: PoleLookup, from: 'number' | 'map' = 'number') => {
    if (from === 'number') setZoom(MAP_ZOOM_RESULT);
    setLocation({
      latitude: found.latitude,
      longitude: found.longitude,
      address: found.street ?? '',
      confirmed: true,
      manual: false,
      error: null,
      loaded: true,
    });
    justChosePole.current = from === 'number';
    onPole?.(found);
  };
  // A pole tapped (or pressed) on the map: its company's name and open request come from the lookup.
  const choosePoleOnMap = (tapped: PublicPole) => {
    lookUpPole(String(tapped.companyId), tapped.number).then(
      (found) => {
        choosePole(found, 'map');
        announce(t('public-poles.pole.byNumber.found', { number: found.number, company: found.companyName }));
      },
      (error: unknown) =>
        toast({ title: errorMessage(error, t('public-poles.pole.byNumber.failed')), variant: 'destructive' }),
    );
  };
  useEffect(() => {
    if (pole && justChosePole.current) {
      justChosePole.current = false;
      poleCard.current?.focus();
    }
  }, [pole]);

  return { poleCard, choosePole, choosePoleOnMap };
}
