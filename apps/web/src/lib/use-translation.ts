// The components' way to their texts: `t` in the current language, drawn again when it changes,
// as react-i18next's hook did (decision 0054). `i18n.language` names the language.
import { useSyncExternalStore } from 'react';
import { currentLanguage, i18n, onLanguageChange, translatorFor } from './i18n.ts';

export function useTranslation() {
  const language = useSyncExternalStore(onLanguageChange, currentLanguage);
  return { t: translatorFor(language), i18n };
}
