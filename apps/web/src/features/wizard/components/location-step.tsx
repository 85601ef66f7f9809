// Step 2: where the problem is (device position, address search, a point on the map or a
// pole of the registry, by its number with no map at all), a reference and the problem type.
// Spec sections 2, 4 and 8; issue 21 for the pole.

import {
  COORDINATE_FALLBACK_DECIMALS,
  DEFAULT_MAP_CENTER,
  GEOLOCATION_TIMEOUT_MS,
  MAP_HEIGHT_PX,
  MAP_ZOOM_INITIAL,
  MAP_ZOOM_RESULT,
} from '@acende/shared/constants';
import { PROBLEM_TYPES, type ProblemType } from '@acende/shared/enums';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { PoleLookup, PublicPole } from '@acende/shared/schemas/poles';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../components/map/get-site.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { CheckIcon, PinIcon, TargetIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { lookUpPole } from '../api/look-up-pole.ts';
import { useReverseGeocode } from '../api/reverse-geocode.ts';
import type { LocationState, WizardPhoto } from '../lib/wizard-state.ts';
import { AddressSearch } from './address-search.tsx';
import { NearbyRequests } from './nearby-requests.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { OpenRequestWarning, SelectedPole } from './pole-notices.tsx';
import { PoleNumberSearch } from './pole-number-search.tsx';

const LocationMap = lazy(() => import('../../../components/map/location-map.tsx'));
// The poles on the map come with Leaflet, after the map.
const PoleLayer = lazy(() => import('./pole-layer.tsx'));

export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser';

export interface LocationStepProps {
  location: LocationState;
  reference: string;
  problemType: ProblemType | '';
  onLocation: (patch: Partial<LocationState>) => void;
  /** The chosen pole (its location is the request's; its company is filled in). */
  pole?: PoleLookup | null;
  onPole?: (pole: PoleLookup | null) => void;
  onReference: (value: string) => void;
  onProblemType: (value: ProblemType | '') => void;
  onBack: () => void;
  onNext: () => void;
  /** The photos attached so far (decision 0033), shown above Back and Next. */
  photos?: WizardPhoto[];
  /** Hands on the new list of photos (the wizard's update, as a patch). */
  onPhotos?: (patch: { photos: WizardPhoto[] }) => void;
}

/** Why step 2 cannot move on yet, as a toast key; null when it can. */
export function locationStepBlocker(location: LocationState, problemType: string): MessageKey | null {
  if (location.latitude === null || location.longitude === null || !location.address) return 'toast.location.required';
  if (!problemType) return 'toast.problemType.required';
  if (!location.confirmed) return 'toast.location.confirmFirst';
  return null;
}

export function LocationStep(props: LocationStepProps) {
  const {
    location,
    reference,
    problemType,
    onLocation: setLocation,
    onReference,
    onProblemType,
    onBack,
    onNext,
  } = props;
  const { pole = null, onPole, photos, onPhotos } = props;
  const poleRef = useRef(pole);
  poleRef.current = pole;
  const dropPole = useRef(onPole);
  dropPole.current = onPole;
  // A point chosen another way (the device, a search, the map) is no longer the pole's.
  // Kept as stable as the wizard's own setter: the address lookup's effect depends on it.
  const onLocation = useCallback(
    (patch: Partial<LocationState>) => {
      if (patch.latitude !== undefined && poleRef.current) dropPole.current?.(null);
      setLocation(patch);
    },
    [setLocation],
  );
  const { t } = useTranslation();
  const site = useSite();
  const reverse = useReverseGeocode();
  const [zoom, setZoom] = useState(MAP_ZOOM_INITIAL);
  const mapHintId = useId();
  const hasPoint = location.latitude !== null && location.longitude !== null;

  const requestPosition = useCallback(
    (automatic = false) => {
      if (!('geolocation' in navigator) || !navigator.geolocation) {
        onLocation({ error: GEOLOCATION_UNSUPPORTED, loaded: true });
        toast({ title: t('toast.browser.error'), variant: 'destructive' });
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
          toast({ title: t('toast.location.error'), variant: 'destructive' });
        },
        { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
      );
    },
    [onLocation, t],
  );

  // On screen load the device position is asked for, unless a point was already chosen.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (location.latitude === null) requestPosition(true);
  }, [location.latitude, requestPosition]);

  // Coordinates without an address: look the address up.
  const { latitude, longitude, address } = location;
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

  const onMapClick = useCallback(
    (lat: number, lon: number) => {
      setZoom((z) => Math.max(z, MAP_ZOOM_INITIAL));
      onLocation({ latitude: lat, longitude: lon, address: '', confirmed: false, error: null, loaded: true });
    },
    [onLocation],
  );

  // The pin dropped by keyboard at the map's centre, kept at the zoom it was seen at, and said aloud.
  // Each drop's words carry its coordinates (a live region repeats no unchanged text), and the
  // words change again once that point's address arrives, so "looking up" does not linger.
  const [announcement, setAnnouncement] = useState('');
  const droppedAt = useRef<{ lat: number; lon: number } | null>(null);
  const onKeyboardPick = useCallback(
    (lat: number, lon: number, mapZoom: number) => {
      setZoom(mapZoom);
      droppedAt.current = { lat, lon };
      onLocation({ latitude: lat, longitude: lon, address: '', confirmed: false, error: null, loaded: true });
      setAnnouncement(
        t('mapKeys.dropped', {
          latitude: lat.toFixed(COORDINATE_FALLBACK_DECIMALS),
          longitude: lon.toFixed(COORDINATE_FALLBACK_DECIMALS),
        }),
      );
    },
    [onLocation, t],
  );
  useEffect(() => {
    const drop = droppedAt.current;
    if (!drop || !address) return;
    droppedAt.current = null;
    // Another point (a search result) replaced the dropped one: its "looking up" no longer holds.
    setAnnouncement(drop.lat === latitude && drop.lon === longitude ? t('mapKeys.found', { address }) : '');
  }, [latitude, longitude, address, t]);

  // After "confirm location" the button is gone: focus goes to the confirmation in its place.
  const confirmedNote = useRef<HTMLParagraphElement>(null);
  const justConfirmed = useRef(false);
  useEffect(() => {
    if (location.confirmed && justConfirmed.current) {
      justConfirmed.current = false;
      confirmedNote.current?.focus();
    }
  }, [location.confirmed]);

  // A pole chosen by its number: its place is the request's, already confirmed (the registry
  // knows where it stands); the address is looked up from it unless the registry has a street.
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
    // Chosen by its number, focus goes to the pole chosen; on the map, it stays on the map.
    justChosePole.current = from === 'number';
    onPole?.(found);
  };
  // A pole tapped (or pressed) on the map: its company's name and open request come from the lookup.
  const choosePoleOnMap = (tapped: PublicPole) => {
    lookUpPole(String(tapped.companyId), tapped.number).then(
      (found) => {
        choosePole(found, 'map');
        setAnnouncement(t('pole.byNumber.found', { number: found.number, company: found.companyName }));
      },
      (error: unknown) => toast({ title: errorMessage(error, t('pole.byNumber.failed')), variant: 'destructive' }),
    );
  };
  useEffect(() => {
    if (pole && justChosePole.current) {
      justChosePole.current = false;
      poleCard.current?.focus();
    }
  }, [pole]);

  const startManual = () => {
    onLocation({ manual: true, confirmed: false });
    toast({ title: t('location.manualActive') });
  };

  const confirm = () => {
    if (!hasPoint || !location.address) {
      toast({ title: t('toast.location.required'), variant: 'destructive' });
      return;
    }
    justConfirmed.current = true;
    onLocation({ confirmed: true });
    toast({ title: t('toast.location.confirmed'), variant: 'success' });
  };

  const next = () => {
    const blocker = locationStepBlocker(location, problemType);
    if (blocker) {
      toast({ title: t(blocker), variant: 'destructive' });
      return;
    }
    onNext();
  };

  const locating = !location.loaded && !hasPoint;
  const lookingUp = hasPoint && !location.address;
  const mapFallback = site.data?.map ?? DEFAULT_MAP_CENTER;

  return (
    <div className="grid gap-5">
      <AddressSearch
        onPick={(result) => {
          setZoom(MAP_ZOOM_RESULT);
          onLocation({
            latitude: result.latitude,
            longitude: result.longitude,
            address: result.address,
            confirmed: false,
            manual: false,
            error: null,
            loaded: true,
          });
        }}
      />

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => requestPosition()} disabled={locating}>
          <TargetIcon />
          {t('location.myLocation')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={startManual}
          aria-pressed={location.manual}
          className={location.manual ? 'border-blue-800 bg-blue-50' : undefined}
        >
          <PinIcon />
          {t('location.manual')}
        </Button>
      </div>

      {onPole ? <PoleNumberSearch onFound={choosePole} /> : null}
      {pole ? (
        <>
          <SelectedPole
            ref={poleCard}
            pole={pole}
            onRemove={() => {
              onPole?.(null);
              toast({ title: t('pole.selected.removed') });
            }}
          />
          <OpenRequestWarning pole={pole} />
        </>
      ) : null}

      <div className="overflow-hidden rounded-theme border border-gray-300" style={{ minHeight: MAP_HEIGHT_PX }}>
        {site.data ? (
          <Suspense fallback={<MapPlaceholder />}>
            <LocationMap
              position={hasPoint ? { lat: location.latitude as number, lon: location.longitude as number } : null}
              zoom={zoom}
              fallback={mapFallback}
              tileUrl={site.data.tileUrl}
              attribution={site.data.tileAttribution}
              label={t('location.map')}
              zoomLabels={{ in: t('location.zoomIn'), out: t('location.zoomOut') }}
              heightPx={MAP_HEIGHT_PX}
              onMapClick={location.manual ? onMapClick : undefined}
              crosshair={location.manual}
              onKeyboardPick={onKeyboardPick}
              describedBy={mapHintId}
              layers={
                onPole
                  ? (map) => (
                      <Suspense fallback={null}>
                        <PoleLayer map={map} selectedPoleId={pole?.id ?? null} onSelect={choosePoleOnMap} />
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
        {t('mapKeys.hint')}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {location.manual ? (
        <p className="text-sm text-gray-700" aria-live="polite">
          {t('location.manualActive')}
        </p>
      ) : null}

      <div className="grid gap-2 rounded-theme border border-gray-300 bg-gray-50 p-3" aria-live="polite">
        <p className="text-sm font-medium text-gray-700">{t('location.selectedAddress')}</p>
        {locating || lookingUp ? (
          <p className="flex items-center gap-2">
            <Spinner />
            <span>{t(locating ? 'location.locating' : 'location.lookingUp')}</span>
          </p>
        ) : (
          <p data-testid="selected-address" className="break-words">
            {location.address || t('location.noAddressYet')}
          </p>
        )}
        {location.confirmed ? (
          <p
            ref={confirmedNote}
            tabIndex={-1}
            data-testid="location-confirmed"
            className="flex items-center gap-1 rounded text-sm font-medium text-green-800 focus-visible:outline-3 focus-visible:outline-blue-700"
          >
            <CheckIcon />
            {t('location.confirmed')}
          </p>
        ) : (
          <Button size="sm" onClick={confirm} disabled={!hasPoint || !location.address} className="justify-self-start">
            {t('location.confirm')}
          </Button>
        )}
      </div>

      {location.confirmed && hasPoint ? (
        <NearbyRequests
          lat={location.latitude as number}
          lng={location.longitude as number}
          poleId={pole?.id ?? null}
        />
      ) : null}

      <TextAreaField
        id="location-reference"
        label={t('location.reference')}
        rows={2}
        maxLength={500}
        placeholder={t('location.referencePlaceholder')}
        value={reference}
        onChange={(event) => onReference(event.target.value)}
      />

      <SelectField
        id="location-problem-type"
        label={t('location.problemType')}
        required
        value={problemType}
        onChange={(event) => onProblemType(event.target.value as ProblemType | '')}
      >
        <option value="">{t('location.problemTypePlaceholder')}</option>
        {PROBLEM_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`problemType.${type}`)}
          </option>
        ))}
      </SelectField>

      {onPhotos ? <PhotoPicker photos={photos ?? []} onPhotos={(list) => onPhotos({ photos: list })} /> : null}

      <div className="flex justify-between gap-3">
        <Button variant="secondary" onClick={onBack}>
          {t('wizard.back')}
        </Button>
        <Button onClick={next} disabled={location.manual && !location.confirmed}>
          {t('wizard.next')}
        </Button>
      </div>
    </div>
  );
}

function MapPlaceholder() {
  return <div className="animate-pulse bg-gray-200" style={{ height: MAP_HEIGHT_PX }} />;
}
