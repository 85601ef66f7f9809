// Step 2's address box: the address found for the chosen point (or what is being done to find
// it) and "confirm location"; once confirmed, focus goes to the confirmation in its place.
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { LocationState } from '../lib/wizard-state.ts';

/** The confirm button's id, for the error summary's link. */
export const CONFIRM_LOCATION_ID = 'location-confirm';

export function SelectedAddress({
  location,
  onLocation,
  error,
}: {
  location: LocationState;
  onLocation: (patch: Partial<LocationState>) => void;
  /** Next was refused before the location was confirmed (in words), under the button. */
  error?: string;
}) {
  const { t } = useTranslation();
  const hasPoint = location.latitude !== null && location.longitude !== null;
  const confirmedNote = useRef<HTMLParagraphElement>(null);
  const justConfirmed = useRef(false);
  useEffect(() => {
    if (location.confirmed && justConfirmed.current) {
      justConfirmed.current = false;
      confirmedNote.current?.focus();
    }
  }, [location.confirmed]);

  const confirm = () => {
    if (!hasPoint || !location.address) {
      toast({ title: t('public.toast.location.required'), variant: 'destructive' });
      return;
    }
    justConfirmed.current = true;
    onLocation({ confirmed: true });
    toast({ title: t('public.toast.location.confirmed'), variant: 'success' });
  };

  const locating = !location.loaded && !hasPoint;
  const lookingUp = hasPoint && !location.address;
  return (
    <div className="grid gap-2 rounded-theme border border-gray-300 bg-gray-50 p-3" aria-live="polite">
      <p className="text-sm font-medium text-gray-700">{t('public.location.selectedAddress')}</p>
      {locating || lookingUp ? (
        <p className="flex items-center gap-2">
          <Spinner />
          <span>{t(locating ? 'public.location.locating' : 'public.location.lookingUp')}</span>
        </p>
      ) : (
        <p data-testid="selected-address" className="break-words">
          {location.address || t('public.location.noAddressYet')}
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
          {t('public.location.confirmed')}
        </p>
      ) : (
        <>
          <Button
            id={CONFIRM_LOCATION_ID}
            size="sm"
            onClick={confirm}
            disabled={!hasPoint || !location.address}
            aria-describedby={error ? `${CONFIRM_LOCATION_ID}-error` : undefined}
            className="justify-self-start"
          >
            {t('public.location.confirm')}
          </Button>
          <FieldError id={`${CONFIRM_LOCATION_ID}-error`} error={error} />
        </>
      )}
    </div>
  );
}
