// "Consertado": notes, up to 3 photos from the camera (made small on the phone at once) and the
// materials used, from the company's list, each with its quantity.
import { CREW_NOTES_MAX, MATERIAL_QUANTITY_MAX, type Material, type MaterialUse } from '@acende/shared/schemas/crew';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { FieldError, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useFieldServices } from './field-context.tsx';

export interface FixInput {
  kind: 'fix';
  notes: string | null;
  materials: MaterialUse[];
  photoKeys: string[];
}

interface Photo {
  key: string;
  blob: Blob;
  url: string;
}

const MAX_PHOTOS = 3;

/** The quantity typed for a material: a whole number from 1 to 999, none when blank, NaN when not one. */
export function quantityOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isInteger(value) && value >= 1 && value <= MATERIAL_QUANTITY_MAX ? value : Number.NaN;
}

function PhotoPicker({
  photos,
  setPhotos,
}: {
  photos: Photo[];
  setPhotos: (update: (old: Photo[]) => Photo[]) => void;
}) {
  const { t } = useTranslation();
  const { resizePhoto, newKey } = useFieldServices();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const add = async (files: FileList | null) => {
    setError(undefined);
    const chosen = [...(files ?? [])];
    if (photos.length + chosen.length > MAX_PHOTOS) setError(t('field-app.fix.photoLimit'));
    setBusy(true);
    for (const file of chosen.slice(0, MAX_PHOTOS - photos.length)) {
      try {
        const blob = await resizePhoto(file);
        setPhotos((old) => [...old, { key: newKey(), blob, url: URL.createObjectURL(blob) }]);
      } catch {
        setError(t('field-app.fix.photoFailed'));
      }
    }
    setBusy(false);
  };
  return (
    <div className="grid gap-2">
      <label htmlFor="campo-photo" className="font-medium">
        {t('field-app.fix.photo')}
      </label>
      <p id="campo-photo-hint" className="text-sm text-gray-800">
        {t('field-app.fix.photoHint')}
      </p>
      <input
        id="campo-photo"
        type="file"
        accept="image/*"
        capture="environment"
        disabled={busy || photos.length >= MAX_PHOTOS}
        aria-describedby={error ? 'campo-photo-hint campo-photo-error' : 'campo-photo-hint'}
        className="min-h-12 w-full rounded-theme border-2 border-gray-700 p-2 file:mr-3 file:min-h-10 file:rounded-theme file:border-0 file:bg-blue-900 file:px-3 file:font-semibold file:text-white"
        onChange={(event) => {
          void add(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <FieldError id="campo-photo-error" error={error} />
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {photos.map((photo, index) => (
            <li key={photo.key} className="grid gap-1">
              <img
                src={photo.url}
                alt={t('field-app.fix.photoAlt', { n: index + 1 })}
                className="size-24 rounded object-cover"
              />
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  // Its preview's address goes with it (the form's cleanup only sees the photos left).
                  URL.revokeObjectURL(photo.url);
                  setPhotos((old) => old.filter((entry) => entry.key !== photo.key));
                }}
              >
                {t('field-app.fix.photoRemove', { n: index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function FixForm({
  materials,
  onCancel,
  onSubmit,
}: {
  materials: Material[];
  onCancel: () => void;
  onSubmit: (input: FixInput, photos: { key: string; blob: Blob }[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [pending, setPending] = useState(false);
  const [checked, setChecked] = useState(false);
  const shown = useRef(photos);
  shown.current = photos;
  // The previews' addresses are let go when the form goes.
  useEffect(
    () => () => {
      for (const photo of shown.current) URL.revokeObjectURL(photo.url);
    },
    [],
  );

  const invalid = (id: number) => checked && Number.isNaN(quantityOf(quantities[id] ?? ''));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const used = materials.map((material) => ({
      materialId: material.id,
      quantity: quantityOf(quantities[material.id] ?? ''),
    }));
    if (used.some((entry) => Number.isNaN(entry.quantity))) return;
    setPending(true);
    await onSubmit(
      {
        kind: 'fix',
        notes: notes.trim() || null,
        materials: used.flatMap((entry) =>
          entry.quantity ? [{ materialId: entry.materialId, quantity: entry.quantity }] : [],
        ),
        photoKeys: photos.map((photo) => photo.key),
      },
      photos.map(({ key, blob }) => ({ key, blob })),
    );
    setPending(false);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" aria-labelledby="campo-fix">
      <h4 id="campo-fix" className="text-lg font-bold">
        {t('field-app.fix.title')}
      </h4>
      <TextAreaField
        id="campo-fix-notes"
        label={t('field-app.fix.notes')}
        optional
        rows={3}
        maxLength={CREW_NOTES_MAX}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      <PhotoPicker photos={photos} setPhotos={setPhotos} />
      <fieldset className="grid gap-3">
        <legend className="font-medium">{t('field-app.fix.materials')}</legend>
        <p className="text-sm text-gray-800">{t('field-app.fix.materialsHint')}</p>
        {materials.length === 0 ? <p>{t('field-app.fix.noMaterials')}</p> : null}
        {materials.map((material) => (
          <TextField
            key={material.id}
            id={`campo-material-${material.id}`}
            kind="number"
            min={1}
            max={MATERIAL_QUANTITY_MAX}
            step={1}
            label={t('field-app.fix.quantity', { name: material.name, unit: material.unit })}
            value={quantities[material.id] ?? ''}
            error={invalid(material.id) ? t('field-app.fix.quantityInvalid') : undefined}
            onChange={(event) => setQuantities((old) => ({ ...old, [material.id]: event.target.value }))}
          />
        ))}
      </fieldset>
      <div className="grid gap-2 sm:grid-cols-2">
        <SubmitButton className="min-h-14 text-lg" pending={pending} pendingLabel={t('common.app.loading')}>
          {t('field-app.fix.submit')}
        </SubmitButton>
        <Button variant="secondary" className="min-h-14" onClick={onCancel}>
          {t('field-app.actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
