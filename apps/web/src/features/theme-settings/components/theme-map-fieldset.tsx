// The theme form's map: the starting point picked on a map (loaded when shown) or typed
// as latitude, longitude and zoom.
import { lazy, Suspense } from 'react';
import { useSite } from '../../../components/map/get-site.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ThemeField, ThemeFormApi } from './use-theme-form.ts';

const MapPicker = lazy(() => import('./map-picker.tsx'));

export function MapFieldset({ form, field }: { form: ThemeFormApi; field: ThemeField }) {
  const { t } = useTranslation();
  const site = useSite();
  const map = form.watch('map');
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-heading text-lg font-semibold">{t('admin-settings.settings.theme.map')}</legend>
      <p className="text-sm text-gray-700">{t('admin-settings.settings.theme.mapHint')}</p>
      {site.data ? (
        <Suspense fallback={<div style={{ height: 280 }} />}>
          <MapPicker
            value={map}
            onChange={(next) => form.setValue('map', next, { shouldDirty: true, shouldValidate: true })}
            tileUrl={site.data.tileUrl}
            attribution={site.data.tileAttribution}
            label={t('admin-settings.settings.theme.mapLabel')}
          />
        </Suspense>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={t('admin-settings.settings.theme.mapLat')}
          type="number"
          step="any"
          {...field('map.lat', { valueAsNumber: true })}
        />
        <TextField
          label={t('admin-settings.settings.theme.mapLon')}
          type="number"
          step="any"
          {...field('map.lon', { valueAsNumber: true })}
        />
        <TextField
          label={t('admin-settings.settings.theme.mapZoom')}
          kind="number"
          min={1}
          max={19}
          step={1}
          {...field('map.zoom', { valueAsNumber: true })}
        />
      </div>
    </fieldset>
  );
}
