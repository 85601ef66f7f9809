// The document's title for a screen: its own title, then the app's name ("Usuários · Acende"),
// so a tab, the history and a screen reader's page announcement say where one is.
import { useEffect } from 'react';
import { useTranslation } from './use-translation.ts';

export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const full = `${title} · ${t('common.app.title')}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
