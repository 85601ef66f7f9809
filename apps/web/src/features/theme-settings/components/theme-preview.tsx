// The live preview: a header, a button, a badge and a toast drawn with the form's
// current values (CSS variables scoped to this box, so the rest of the page stays put).
import type { PublicTheme } from '@acende/shared/schemas/theme';
import { themeStyle } from '../../../lib/theme.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export function ThemePreview({ theme }: { theme: PublicTheme }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="theme-preview-title" className="grid gap-2">
      <h2 id="theme-preview-title" className="font-heading text-lg font-semibold">
        {t('admin-settings.settings.theme.preview')}
      </h2>
      <div
        data-testid="theme-preview"
        style={themeStyle(theme)}
        className="grid gap-4 rounded-theme border border-gray-300 p-3"
      >
        <div className="flex items-center gap-3 rounded-theme border-b border-gray-300 bg-header px-3 py-2 text-fg">
          {theme.logoUrl ? (
            <img
              src={theme.logoUrl}
              alt={t('admin-settings.settings.theme.logoPreviewAlt')}
              className="max-h-8 max-w-[160px]"
            />
          ) : null}
          <span className="font-heading text-lg font-bold">{t('common.app.title')}</span>
          <span className="sr-only">{t('admin-settings.settings.theme.previewHeader')}</span>
        </div>
        <div className="flex flex-wrap items-center gap-3 px-1">
          <span className="inline-flex min-h-11 items-center rounded-theme bg-primary-strong px-4 py-2 font-medium text-white">
            {t('admin-settings.settings.theme.previewButton')}
          </span>
          <span className="rounded-theme bg-primary-strong px-2 py-0.5 text-sm text-white">
            {t('admin-settings.settings.theme.previewBadge')}
          </span>
        </div>
        <div
          className="grid gap-1 rounded-theme border border-gray-300 border-l-4 bg-bg p-3 text-fg shadow-sm"
          style={{ borderLeftColor: theme.successColor }}
        >
          <p className="font-semibold">{t('admin-settings.settings.theme.previewToastTitle')}</p>
          <p className="text-sm">{t('admin-settings.settings.theme.previewToastText')}</p>
        </div>
      </div>
    </section>
  );
}
