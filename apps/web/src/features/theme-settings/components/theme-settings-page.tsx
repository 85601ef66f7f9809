// /admin/theme-settings: colours (pickers with their hex), corners, fonts, dark mode and
// logo (an address or an uploaded file), the map's starting point picked on a map, a
// live preview, reset to defaults, and "Settings saved"; then who runs the service and the
// public notices (public-pages-form.tsx), saved on their own.
import { DEFAULT_THEME, type PublicTheme, type ThemeSettingsPayload } from '@acende/shared/schemas/theme';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useThemeSettings } from '../api/get-theme-settings.ts';
import { PublicPagesSection } from './public-pages-form.tsx';
import { ColorsFieldset, FontsFieldset } from './theme-fieldsets.tsx';
import { LogoFieldset } from './theme-logo-fieldset.tsx';
import { MapFieldset } from './theme-map-fieldset.tsx';
import { ThemePreview } from './theme-preview.tsx';
import { useThemeForm } from './use-theme-form.ts';

export default function ThemeSettingsPage() {
  const { t } = useTranslation();
  const settings = useThemeSettings();

  return (
    <QueryPage
      title={t('admin-settings.settings.theme.title')}
      description={t('admin-settings.settings.theme.description')}
      className="gap-6"
      query={settings}
      errorMessage={errorMessage(settings.error, t('admin-settings.settings.loadError'))}
      retryLabel={t('admin-settings.settings.retry')}
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
  const { id, form, field, onSubmit, resetToDefaults, saving } = useThemeForm(initial);
  const values = form.watch();
  const previewTheme = { ...DEFAULT_THEME, ...values, logoUrl: values.logoUrl || undefined } as PublicTheme;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <form noValidate onSubmit={onSubmit} className="grid min-w-0 gap-6">
        <ColorsFieldset form={form} field={field} />
        <FontsFieldset field={field} />
        <LogoFieldset id={id} form={form} field={field} />
        <MapFieldset form={form} field={field} />
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={saving} pendingLabel={t('admin-settings.settings.saving')}>
            {t('admin-settings.settings.save')}
          </SubmitButton>
          <Button variant="secondary" onClick={resetToDefaults}>
            {t('admin-settings.settings.theme.reset')}
          </Button>
        </div>
      </form>
      <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
        <ThemePreview theme={previewTheme} />
      </div>
    </div>
  );
}
