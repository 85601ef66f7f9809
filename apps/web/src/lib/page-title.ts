// The document's title for a screen: its own title, then the app's name ("Usuários · Acende"),
// so a tab, the history and a screen reader's page announcement say where one is. Null leaves
// the title to a part of the screen that names it (the pole page's wizard, by its step).
import { useEffect } from 'react';
import { useTranslation } from './use-translation.ts';

export function usePageTitle(title: string | null): void {
  const { t } = useTranslation();
  const full = title === null ? null : `${title} · ${t('common.app.title')}`;
  useEffect(() => {
    if (full !== null) document.title = full;
  }, [full]);
}
