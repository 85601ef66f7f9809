import { useEffect } from 'react';
import { LanguageToggle } from '../../../components/language-toggle.tsx';
import { HeaderLogo } from '../../../components/ui/header-logo.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useTheme } from '../api/get-theme.ts';

/** The header of every public page: the logo of the theme settings, or the title when it fails to load. */
export function PublicHeader() {
  const { t } = useTranslation();
  const theme = useTheme();
  const logoUrl = theme.data?.logoUrl;

  // The server inlined the theme into the page; this keeps it current if it changed since
  // (the code that writes the theme's CSS comes after the first paint).
  useEffect(() => {
    const data = theme.data;
    if (data) void import('../../../lib/theme.ts').then(({ applyTheme }) => applyTheme(data));
  }, [theme.data]);

  return (
    <header className="border-b border-gray-200 bg-header">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
        <Link
          to="/"
          className="flex items-center gap-2 rounded font-heading text-xl font-bold text-fg no-underline focus-visible:outline-3 focus-visible:outline-blue-700"
        >
          <HeaderLogo src={logoUrl} alt={t('common.app.title')} fallback={<span>{t('common.app.title')}</span>} />
        </Link>
        <nav aria-label={t('public.nav.label')} className="flex items-center gap-3">
          <Link
            to="/track"
            className="rounded text-blue-800 underline focus-visible:outline-3 focus-visible:outline-blue-700"
          >
            {t('public.nav.track')}
          </Link>
          <LanguageToggle />
        </nav>
      </div>
    </header>
  );
}
