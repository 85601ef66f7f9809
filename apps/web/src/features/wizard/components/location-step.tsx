// Step 2: where the problem is (device position, address search, a point on the map or a
// pole of the registry, by its number with no map at all), a reference and the problem type.
// Spec sections 2, 4 and 8; issue 21 for the pole. The hooks (../hooks) hold how a point is
// chosen; the map, the address box and the problem's details are parts of their own.

import { MAP_ZOOM_INITIAL, MAP_ZOOM_RESULT } from '@acende/shared/constants';
import type { ProblemType } from '@acende/shared/enums';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { PoleLookup } from '@acende/shared/schemas/poles';
import { useCallback, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { PinIcon, TargetIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAddressLookup } from '../hooks/use-address-lookup.ts';
import { useDevicePosition } from '../hooks/use-device-position.ts';
import { useKeyboardPin } from '../hooks/use-keyboard-pin.ts';
import { usePoleChoice } from '../hooks/use-pole-choice.ts';
import { useStepCheck } from '../hooks/use-step-check.ts';
import type { LocationState, WizardPhoto } from '../lib/wizard-state.ts';
import { AddressSearch } from './address-search.tsx';
import { LocationMapPanel } from './location-map-panel.tsx';
import { NearbyRequests } from './nearby-requests.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { OpenRequestWarning, SelectedPole } from './pole-notices.tsx';
import { PoleNumberSearch } from './pole-number-search.tsx';
import { PROBLEM_TYPE_ID, ProblemDetails } from './problem-details.tsx';
import { CONFIRM_LOCATION_ID, SelectedAddress } from './selected-address.tsx';
import { StepErrors } from './step-errors.tsx';

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
  /** Whether the error summary shows (the page's title says "Erro: " meanwhile). */
  onErrors?: (shown: boolean) => void;
}

/** The search box's id, for the error summary's link. */
const SEARCH_ID = 'location-search';

/** Why step 2 cannot move on yet, in the page's order, each with the control that mends it; none when it can. */
export function locationStepErrors(location: LocationState, problemType: string) {
  const errors: { key: MessageKey; target: string }[] = [];
  if (location.latitude === null || location.longitude === null || !location.address)
    errors.push({ key: 'public.toast.location.required', target: SEARCH_ID });
  else if (!location.confirmed) errors.push({ key: 'public.toast.location.confirmFirst', target: CONFIRM_LOCATION_ID });
  if (!problemType) errors.push({ key: 'public.toast.problemType.required', target: PROBLEM_TYPE_ID });
  return errors;
}

export function LocationStep(props: LocationStepProps) {
  const { location, reference, problemType, onLocation: setLocation, onReference, onProblemType } = props;
  const { onBack, onNext, pole = null, onPole, photos, onPhotos, onErrors } = props;
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
  const [zoom, setZoom] = useState(MAP_ZOOM_INITIAL);
  const hasPoint = location.latitude !== null && location.longitude !== null;

  const requestPosition = useDevicePosition(location.latitude, onLocation, setZoom, poleRef);
  useAddressLookup(location, onLocation);
  const onMapClick = useCallback(
    (lat: number, lon: number) => {
      setZoom((z) => Math.max(z, MAP_ZOOM_INITIAL));
      onLocation({ latitude: lat, longitude: lon, address: '', confirmed: false, error: null, loaded: true });
    },
    [onLocation],
  );
  const { announcement, setAnnouncement, onKeyboardPick } = useKeyboardPin(location, onLocation, setZoom);
  const { poleCard, choosePole, choosePoleOnMap } = usePoleChoice({
    pole,
    onPole,
    setLocation,
    setZoom,
    announce: setAnnouncement,
  });

  const startManual = () => {
    onLocation({ manual: true, confirmed: false });
    toast({ title: t('public.location.manualActive') });
  };

  const check = useStepCheck(() =>
    locationStepErrors(location, problemType).map((error) => ({ message: t(error.key), target: error.target })),
  );
  const next = () => {
    if (check.passes()) onNext();
  };

  const locating = !location.loaded && !hasPoint;

  return (
    <div className="grid gap-5">
      <StepErrors errors={check.errors} attempt={check.attempt} onShown={onErrors} />
      {/* The other ways to the place come first: from the address box, the map, its poles and the
          form are at most 12 Tab presses away (issue 35). */}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => requestPosition()} disabled={locating}>
          <TargetIcon />
          {t('public.location.myLocation')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={startManual}
          aria-pressed={location.manual}
          className={location.manual ? 'border-blue-800 bg-blue-50' : undefined}
        >
          <PinIcon />
          {t('public.location.manual')}
        </Button>
      </div>

      {onPole ? <PoleNumberSearch onFound={choosePole} /> : null}

      <AddressSearch
        inputId={SEARCH_ID}
        error={check.errorAt(SEARCH_ID)}
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
      {pole ? (
        <>
          <SelectedPole
            ref={poleCard}
            pole={pole}
            onRemove={() => {
              onPole?.(null);
              toast({ title: t('public-poles.pole.selected.removed') });
            }}
          />
          <OpenRequestWarning pole={pole} />
        </>
      ) : null}

      <LocationMapPanel
        location={location}
        zoom={zoom}
        announcement={announcement}
        pole={pole}
        onMapClick={onMapClick}
        onKeyboardPick={onKeyboardPick}
        onPoleTapped={onPole ? choosePoleOnMap : undefined}
      />
      {location.manual ? (
        <p className="text-sm text-gray-700" aria-live="polite">
          {t('public.location.manualActive')}
        </p>
      ) : null}

      <SelectedAddress location={location} onLocation={onLocation} error={check.errorAt(CONFIRM_LOCATION_ID)} />

      {location.confirmed && hasPoint ? (
        <NearbyRequests
          lat={location.latitude as number}
          lng={location.longitude as number}
          poleId={pole?.id ?? null}
        />
      ) : null}

      <ProblemDetails
        reference={reference}
        problemType={problemType}
        onReference={onReference}
        onProblemType={onProblemType}
        problemError={check.errorAt(PROBLEM_TYPE_ID)}
      />

      {onPhotos ? <PhotoPicker photos={photos ?? []} onPhotos={(list) => onPhotos({ photos: list })} /> : null}

      <div className="flex justify-between gap-3">
        <Button variant="secondary" onClick={onBack}>
          {t('public.wizard.back')}
        </Button>
        <Button onClick={next} disabled={location.manual && !location.confirmed}>
          {t('public.wizard.next')}
        </Button>
      </div>
    </div>
  );
}
