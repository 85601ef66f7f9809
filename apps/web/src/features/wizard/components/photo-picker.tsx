// Step 2's photos (decision 0033): up to PHOTO_MAX_COUNT, from the camera or the gallery,
// shrunk in the browser as they are chosen (the shrinking code loads on first use).
import { PHOTO_MAX_COUNT } from '@acende/shared/schemas/photos';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../../../lib/photo-catalogue.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { WizardPhoto } from '../lib/wizard-state.ts';

export interface PhotoPickerProps {
  photos: WizardPhoto[];
  onPhotos: (photos: WizardPhoto[]) => void;
}

function usePreviews(photos: WizardPhoto[]) {
  const urls = useMemo(() => photos.map((photo) => URL.createObjectURL(photo.blob)), [photos]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

export function PhotoPicker({ photos, onPhotos }: PhotoPickerProps) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const previews = usePreviews(photos);
  const full = photos.length >= PHOTO_MAX_COUNT;

  const add = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setProblem(null);
    setPreparing(true);
    try {
      const { shrinkPhoto } = await import('../lib/shrink-photo.ts');
      const added: WizardPhoto[] = [];
      for (const file of Array.from(files)) {
        if (photos.length + added.length >= PHOTO_MAX_COUNT) {
          setProblem(t('public-photos.photos.limit', { max: PHOTO_MAX_COUNT }));
          break;
        }
        try {
          added.push({ id: crypto.randomUUID(), blob: await shrinkPhoto(file) });
        } catch {
          setProblem(t('public-photos.photos.notImage'));
        }
      }
      if (added.length > 0) onPhotos([...photos, ...added]);
    } finally {
      setPreparing(false);
      if (camera.current) camera.current.value = '';
      if (gallery.current) gallery.current.value = '';
    }
  };

  return (
    <fieldset className="grid gap-3 rounded-theme border border-gray-300 p-3">
      <legend className="px-1 font-medium">{t('public-photos.photos.title')}</legend>
      <p id="photos-hint" className="text-sm text-gray-700">
        {t('public-photos.photos.hint', { max: PHOTO_MAX_COUNT })}
      </p>
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="grid justify-items-start gap-1">
              <img
                src={previews[index]}
                alt={t('public-photos.photos.alt', { n: index + 1 })}
                className="h-24 w-24 rounded border border-gray-300 object-cover"
              />
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onPhotos(photos.filter((other) => other.id !== photo.id))}
              >
                {t('public-photos.photos.remove', { n: index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={full || preparing} onClick={() => camera.current?.click()}>
          {t('public-photos.photos.camera')}
        </Button>
        <Button variant="secondary" size="sm" disabled={full || preparing} onClick={() => gallery.current?.click()}>
          {t('public-photos.photos.gallery')}
        </Button>
      </div>
      {/* Reached through the buttons above; hidden from the tab order and from screen readers. */}
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void add(event.target.files)}
      />
      <input
        ref={gallery}
        type="file"
        accept="image/*"
        multiple
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void add(event.target.files)}
      />
      <div aria-live="polite" className="text-sm">
        {preparing ? (
          <p className="flex items-center gap-2">
            <Spinner />
            {t('public-photos.photos.preparing')}
          </p>
        ) : null}
        {problem ? <p className="text-red-800">{problem}</p> : null}
        {full && !problem ? (
          <p className="text-gray-700">{t('public-photos.photos.limit', { max: PHOTO_MAX_COUNT })}</p>
        ) : null}
      </div>
    </fieldset>
  );
}
