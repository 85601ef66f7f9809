// On the success screen: sends the photos attached on step 2 to the filed request, one at a
// time, and offers to try again those that failed (the request itself is already filed).
import { PHOTO_MAX_COUNT } from '@acende/shared/schemas/photos';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../../../lib/photo-catalogue.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { uploadPhoto } from '../api/upload-photo.ts';
import type { WizardPhoto } from '../lib/wizard-state.ts';

export function PhotoUploads({
  requestId,
  trackingToken,
  photos,
}: {
  requestId: number;
  trackingToken: string;
  photos: WizardPhoto[];
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(photos.slice(0, PHOTO_MAX_COUNT));
  const [sent, setSent] = useState(0);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const send = useCallback(
    async (queue: WizardPhoto[]) => {
      setSending(true);
      setFailure(null);
      const left = [...queue];
      while (left.length > 0) {
        const photo = left[0] as WizardPhoto;
        try {
          await uploadPhoto(requestId, trackingToken, photo.blob);
          left.shift();
          setSent((n) => n + 1);
          setPending([...left]);
        } catch (error) {
          setFailure(errorMessage(error, t('public.toast.submit.error')));
          break;
        }
      }
      setSending(false);
    },
    [requestId, trackingToken, t],
  );

  useEffect(() => {
    if (started.current || pending.length === 0) return;
    started.current = true;
    void send(pending);
  }, [pending, send]);

  if (photos.length === 0) return null;
  return (
    <div aria-live="polite" className="grid gap-2 rounded-theme border border-gray-300 p-3" data-testid="photo-uploads">
      {sending ? (
        <p className="flex items-center gap-2">
          <Spinner />
          {t('public-photos.photos.uploading')}
        </p>
      ) : null}
      {!sending && sent > 0 && pending.length === 0 ? (
        <p>{t('public-photos.photos.uploaded', { count: sent })}</p>
      ) : null}
      {failure && !sending ? (
        <>
          <p className="text-red-800">
            {t('public-photos.photos.uploadFailed', { count: pending.length, message: failure })}
          </p>
          <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => void send(pending)}>
            {t('public-photos.photos.retry')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
