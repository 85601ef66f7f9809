// i18next for the web app: Portuguese by default, English on the toggle; the choice
// is remembered and sent to the API as Accept-Language. The Portuguese public catalogues
// are bundled; the English ones are a chunk of their own, fetched before the first render
// when English was chosen and on the toggle otherwise. Admin catalogues are loaded with
// the admin code (addCatalogue).
// Each catalogue file is a namespace of its name, and a key names its namespace first, with the
// same separator as the key's own ('followers.email.follow' is email.follow in followers.json):
// i18next reads a key's first segment as its namespace when that namespace is known (in `ns`,
// which addResourceBundle extends). The server resolves the same keys (decision 0047).
import type { Language } from '@acende/shared/enums';
import type { CatalogueName } from '@acende/shared/i18n/message-key';
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
  resources: { pt: { common: ptCommon, public: ptPublic } },
  ns: ['common', 'public'],
  // A namespace of no file: a key its file's name does not lead is missing, not found in common.json.
  defaultNS: 'translation',
  nsSeparator: '.',
  interpolation: { escapeValue: false },
});
applyDocumentLanguage(initial);

let english: Promise<void> | undefined;
/** Adds the English public catalogues, once; a failed load (a weak signal) is tried again next time. */
function loadEnglish(): Promise<void> {
  english ??= import('./i18n-en.ts').then(
    ({ enCommon, enPublic }) => {
      addCatalogue('en', 'common', enCommon);
      addCatalogue('en', 'public', enPublic);
    },
    (error: unknown) => {
      english = undefined;
      throw error;
    },
  );
  return english;
}

/**
 * Resolves when the chosen language's public catalogues are in: render after it. When the
 * English chunk cannot be fetched the page comes up in Portuguese rather than not at all
 * (the stored choice stays, for the next visit).
 */
export const i18nReady: Promise<void> =
  initial === 'en'
    ? loadEnglish().catch(async () => {
        applyDocumentLanguage('pt');
        await i18n.changeLanguage('pt');
      })
    : Promise.resolve();

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'pt';
}

/** Switches the language; rejects, changing nothing, when its catalogues cannot be fetched. */
export async function setLanguage(language: Language): Promise<void> {
  if (language === 'en') await loadEnglish();
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

/** Adds a lazily loaded catalogue file, in one language, as the namespace of its file's name. */
export function addCatalogue(language: Language, name: CatalogueName, catalogue: Record<string, unknown>): void {
  i18n.addResourceBundle(language, name, catalogue, true, false);
}

export { i18n };
