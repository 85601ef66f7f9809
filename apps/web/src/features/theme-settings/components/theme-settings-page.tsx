// /admin/theme-settings: colours (pickers with their hex), corners, fonts, dark mode and
// logo (an address or an uploaded file), the map's starting point picked on a map, a
// live preview, reset to defaults, and "Settings saved"; then who runs the service and the
// public notices (public-pages-form.tsx), saved on their own.
import { DEFAULT_MAP_CENTER } from '@acende/shared/constants';
import {
  DEFAULT_THEME,
  FONT_STACKS,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type PublicTheme,
  THEME_COLOR_KEYS,
  type ThemeSettingsPayload,
  themeSettingsPayloadSchema,
} from '@acende/shared/schemas/theme';
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../components/map/get-site.ts';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useThemeSettings } from '../api/get-theme-settings.ts';
import { type ThemeSettingsForm, useSaveThemeSettings } from '../api/save-theme-settings.ts';
import { useRemoveLogo, useUploadLogo } from '../api/upload-logo.ts';
import { PublicPagesSection } from './public-pages-form.tsx';
import { ThemePreview } from './theme-preview.tsx';

const MapPicker = lazy(() => import('./map-picker.tsx'));

const DEFAULTS: ThemeSettingsForm = { ...DEFAULT_THEME, logoUrl: '', map: { ...DEFAULT_MAP_CENTER } };

const fontLabel = (stack: string) => stack.split(',')[0]?.replace(/"/g, '').trim() ?? stack;

export default function ThemeSettingsPage() {
  const { t } = useTranslation();
  const settings = useThemeSettings();

  return (
    <QueryPage
      title={t('settings.theme.title')}
      description={t('settings.theme.description')}
      className="gap-6"
      query={settings}
      errorMessage={errorMessage(settings.error, t('settings.loadError'))}
      retryLabel={t('settings.retry')}
    >
      {(initial) => (
        <>
          <ThemeForm initial={initial} />
          <PublicPagesSection />
        </>
      )}
    </QueryPage>
  );
}

function ThemeForm({ initial }: { initial: ThemeSettingsPayload }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveThemeSettings();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const site = useSite();
  const form = useForm<ThemeSettingsForm>({
    resolver: zodResolver(themeSettingsPayloadSchema as never) as never,
    defaultValues: { ...initial, logoUrl: initial.logoUrl ?? '' },
  });
  const field = fieldBinder(form, id);
  const values = form.watch();
  const previewTheme = { ...DEFAULT_THEME, ...values, logoUrl: values.logoUrl || undefined } as PublicTheme;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset({ ...saved, logoUrl: saved.logoUrl ?? '' });
        toast({ title: t('settings.saved'), variant: 'success' });
      },
      onError: (error) => {
        applyServerErrors(error, form.setError);
        toast({ title: t('settings.saveError'), description: errorMessage(error, ''), variant: 'destructive' });
      },
    }),
  );

  const resetToDefaults = () => {
    for (const [key, value] of Object.entries(DEFAULTS)) {
      form.setValue(key as keyof ThemeSettingsForm, value as never, { shouldDirty: true, shouldValidate: true });
    }
    toast({ title: t('settings.theme.resetDone') });
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
      toast({
        title: t('settings.theme.logoUploadError'),
        description: t('validation.logo.type'),
        variant: 'destructive',
      });
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      toast({
        title: t('settings.theme.logoUploadError'),
        description: t('validation.logo.tooLarge'),
        variant: 'destructive',
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ logoUrl }) => {
        form.setValue('logoUrl', logoUrl, { shouldDirty: true });
        toast({ title: t('settings.theme.logoUploaded'), variant: 'success' });
      },
      onError: (error) =>
        toast({
          title: t('settings.theme.logoUploadError'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        }),
    });
  };

  const removeUploaded = () =>
    remove.mutate(undefined, {
      onSuccess: () => form.setValue('logoUrl', '', { shouldDirty: true }),
      onError: (error) =>
        toast({ title: t('settings.saveError'), description: errorMessage(error, ''), variant: 'destructive' }),
    });

  const map = form.watch('map');

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <form noValidate onSubmit={onSubmit} className="grid min-w-0 gap-6">
        <fieldset className="grid gap-3">
          <legend className="mb-2 font-heading text-lg font-semibold">{t('settings.theme.colors')}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {THEME_COLOR_KEYS.map((key) => {
              const value = values[key] ?? '';
              const valid = /^#[0-9a-fA-F]{6}$/.test(value);
              return (
                <div key={key} className="flex items-end gap-2">
                  <input
                    type="color"
                    aria-label={t('settings.theme.picker', { name: t(`settings.theme.${key}`) })}
                    value={valid ? value.toLowerCase() : '#000000'}
                    onChange={(event) =>
                      form.setValue(key, event.target.value, { shouldDirty: true, shouldValidate: true })
                    }
                    className="h-11 w-12 shrink-0 cursor-pointer rounded-theme border border-gray-500 bg-white p-1"
                  />
                  <TextField
                    label={t(`settings.theme.${key}`)}
                    className="min-w-0 flex-1"
                    kind="verbatim"
                    {...field(key)}
                  />
                </div>
              );
            })}
          </div>
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-2 font-heading text-lg font-semibold">{t('settings.theme.fonts')}</legend>
          <TextField
            label={t('settings.theme.borderRadius')}
            hint={t('settings.theme.borderRadiusHint')}
            {...field('borderRadius')}
          />
          {(['fontFamily', 'headerFontFamily'] as const).map((key) => (
            <SelectField key={key} label={t(`settings.theme.${key}`)} {...field(key)}>
              {FONT_STACKS.map((stack) => (
                <option key={stack} value={stack} style={{ fontFamily: stack }}>
                  {fontLabel(stack)}
                </option>
              ))}
            </SelectField>
          ))}
          <CheckboxField
            label={t('settings.theme.darkMode')}
            hint={t('settings.theme.darkModeHint')}
            {...field('darkMode')}
          />
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-2 font-heading text-lg font-semibold">{t('settings.theme.logo')}</legend>
          <TextField
            label={t('settings.theme.logoUrl')}
            hint={t('settings.theme.logoUrlHint')}
            inputMode="url"
            {...field('logoUrl')}
          />
          <div className="grid gap-1">
            <label htmlFor={`${id}-file`} className="font-medium">
              {t('settings.theme.logoUpload')}
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept={LOGO_TYPES.join(',')}
              aria-describedby={`${id}-file-hint`}
              disabled={upload.isPending}
              onChange={(event) => {
                onFile(event.target.files?.[0]);
                event.target.value = '';
              }}
              className="text-sm file:mr-3 file:min-h-11 file:rounded-theme file:border file:border-gray-400 file:bg-white file:px-3"
            />
            <p id={`${id}-file-hint`} className="text-sm text-gray-700">
              {t('settings.theme.logoUploadHint')}
            </p>
          </div>
          {values.logoUrl?.startsWith('/api/theme/logo') ? (
            <Button
              variant="secondary"
              size="sm"
              className="justify-self-start"
              onClick={removeUploaded}
              disabled={remove.isPending}
            >
              {t('settings.theme.logoRemove')}
            </Button>
          ) : null}
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-2 font-heading text-lg font-semibold">{t('settings.theme.map')}</legend>
          <p className="text-sm text-gray-700">{t('settings.theme.mapHint')}</p>
          {site.data ? (
            <Suspense fallback={<div style={{ height: 280 }} />}>
              <MapPicker
                value={map}
                onChange={(next) => form.setValue('map', next, { shouldDirty: true, shouldValidate: true })}
                tileUrl={site.data.tileUrl}
                attribution={site.data.tileAttribution}
                label={t('settings.theme.mapLabel')}
              />
            </Suspense>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label={t('settings.theme.mapLat')}
              type="number"
              step="any"
              {...field('map.lat', { valueAsNumber: true })}
            />
            <TextField
              label={t('settings.theme.mapLon')}
              type="number"
              step="any"
              {...field('map.lon', { valueAsNumber: true })}
            />
            <TextField
              label={t('settings.theme.mapZoom')}
              kind="number"
              min={1}
              max={19}
              step={1}
              {...field('map.zoom', { valueAsNumber: true })}
            />
          </div>
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={save.isPending} pendingLabel={t('settings.saving')}>
            {t('settings.save')}
          </SubmitButton>
          <Button variant="secondary" onClick={resetToDefaults}>
            {t('settings.theme.reset')}
          </Button>
        </div>
      </form>
      <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
        <ThemePreview theme={previewTheme} />
      </div>
    </div>
  );
}
