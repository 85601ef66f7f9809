// i18next for the web app: Portuguese by default, English on the toggle; the choice
// is remembered and sent to the API as Accept-Language. Public catalogues are bundled;
// admin catalogues are loaded with the admin code (loadNamespace).
import type { Language } from '@acende/shared/enums';
import enCommon from '@acende/shared/i18n/en/common.json';
import enPublic from '@acende/shared/i18n/en/public.json';
import ptCommon from '@acende/shared/i18n/pt/common.json';
import ptPublic from '@acende/shared/i18n/pt/public.json';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

const STORAGE_KEY = 'acende.language';

function storedLanguage(): Language {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'pt';
  } catch {
    return 'pt';
  }
}

function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = language === 'en' ? 'en' : 'pt-BR';
}

const initial = storedLanguage();
void i18n.use(initReactI18next).init({
  lng: initial,
  fallbackLng: 'pt',
  resources: {
    pt: { translation: { ...ptCommon, ...ptPublic } },
    en: { translation: { ...enCommon, ...enPublic } },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(initial);

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'pt';
}

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

/** Adds a lazily loaded catalogue (both languages) to the translation namespace. */
export function addCatalogue(language: Language, catalogue: Record<string, unknown>): void {
  i18n.addResourceBundle(language, 'translation', catalogue, true, false);
}

export { i18n };
