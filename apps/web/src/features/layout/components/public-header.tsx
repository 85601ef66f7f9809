import { HEADER_LOGO_MAX_WIDTH_PX } from '@acende/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from '../../../components/language-toggle.tsx';
import { applyTheme } from '../../../lib/theme.ts';
import { useTheme } from '../api/get-theme.ts';

/** The header of every public page: the logo of the theme settings, or the title when it fails to load. */
export function PublicHeader() {
  const { t } = useTranslation();
  const theme = useTheme();
  const logoUrl = theme.data?.logoUrl;
  const [failedLogo, setFailedLogo] = useState<string | undefined>(undefined);

  // The server inlined the theme into the page; this keeps it current if it changed since.
  useEffect(() => {
    if (theme.data) applyTheme(theme.data);
  }, [theme.data]);

  const showLogo = Boolean(logoUrl) && failedLogo !== logoUrl;
  return (
    <header className="border-b border-gray-200 bg-header">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
        <Link
          to="/"
          className="flex items-center gap-2 rounded font-heading text-xl font-bold text-fg no-underline focus-visible:outline-3 focus-visible:outline-blue-700"
        >
          {showLogo ? (
            <img
              src={logoUrl}
              alt={t('app.title')}
              style={{ maxWidth: HEADER_LOGO_MAX_WIDTH_PX }}
              className="h-auto max-h-12"
              onError={() => setFailedLogo(logoUrl)}
            />
          ) : (
            <span>{t('app.title')}</span>
          )}
        </Link>
        <nav aria-label={t('nav.label')} className="flex items-center gap-3">
          <Link
            to="/track"
            className="rounded text-blue-800 underline focus-visible:outline-3 focus-visible:outline-blue-700"
          >
            {t('nav.track')}
          </Link>
          <LanguageToggle />
        </nav>
      </div>
    </header>
  );
}
