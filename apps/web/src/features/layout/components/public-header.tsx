import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from './language-toggle.tsx';

export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-gray-200 bg-header">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 font-heading text-xl font-bold text-fg no-underline">
          <span>{t('app.title')}</span>
        </Link>
        <LanguageToggle />
      </div>
    </header>
  );
}
