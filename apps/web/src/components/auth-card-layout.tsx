// The frame of the sign-in and password-reset screens: the site's name and the language
// toggle above one narrow card with the screen's title.
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { LanguageToggle } from './language-toggle.tsx';

export function AuthCardLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <header className="flex items-center justify-between gap-2 border-b border-gray-200 bg-header px-4 py-3">
        <a href="/" className="font-heading text-lg font-bold text-fg no-underline">
          {t('common.app.title')}
        </a>
        <LanguageToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10">
        <div className="w-full max-w-sm rounded-theme border border-gray-200 bg-white p-6 shadow-sm">
          <h1 className="mb-4 font-heading text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
