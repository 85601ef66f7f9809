// The web app's languages: Portuguese by default, English on the toggle; the choice is remembered
// and sent to the API as Accept-Language. The Portuguese public catalogues are bundled; the English
// ones are a chunk of their own, fetched before the first render when English was chosen and on the
// toggle otherwise. Admin and later catalogues are added with the code that shows them (addCatalogue).
// Each catalogue file is a namespace of its name, and a key names its namespace first with the same
// separator as the key's own ('followers.email.follow' is email.follow in followers.json); the server
// resolves the same keys (decision 0047). Texts come from translate.ts, not i18next (decision 0054).
import type { Language } from '@acende/shared/enums';
import type { CatalogueName } from '@acende/shared/i18n/message-key';
import ptCommon from '@acende/shared/i18n/pt/common.json';
import ptPublic from '@acende/shared/i18n/pt/public.json';
import type { TFunction } from 'i18next';
import { type Catalogue, type Catalogues, type TranslateOptions, translate } from './translate.ts';

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

const catalogues: Catalogues = { pt: { common: ptCommon, public: ptPublic }, en: {} };
/** The namespaces a key's first segment may name: a file added in either language. */
const namespaces = new Set<string>(['common', 'public']);
let language: Language = storedLanguage();
const listeners = new Set<() => void>();
const fixed = new Map<Language, TFunction>();

/** `t` for one language, the same function each time (a hook's dependencies change with the language only). */
export function translatorFor(lng: Language): TFunction {
  let t = fixed.get(lng);
  if (!t) {
    t = ((key: string, options?: TranslateOptions) =>
      translate(catalogues, namespaces, lng, key, options)) as unknown as TFunction;
    fixed.set(lng, t);
  }
  return t;
}

/** Calls `listener` when the language changes; returns the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language and its texts, for code outside components and for tests. */
export const i18n = {
  get language(): Language {
    return language;
  },
  t: ((key: string, options?: TranslateOptions) =>
    translate(catalogues, namespaces, language, key, options)) as unknown as TFunction,
};

function changeLanguage(next: Language) {
  if (next === language) return;
  language = next;
  for (const listener of listeners) listener();
}

applyDocumentLanguage(language);

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
  language === 'en'
    ? loadEnglish().catch(() => {
        applyDocumentLanguage('pt');
        changeLanguage('pt');
      })
    : Promise.resolve();

export function currentLanguage(): Language {
  return language;
}

/** Switches the language; rejects, changing nothing, when its catalogues cannot be fetched. */
export async function setLanguage(next: Language): Promise<void> {
  if (next === 'en') await loadEnglish();
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyDocumentLanguage(next);
  changeLanguage(next);
}

/** Adds a lazily loaded catalogue file, in one language, as the namespace of its file's name (kept texts win). */
export function addCatalogue(lng: Language, name: CatalogueName, catalogue: Record<string, unknown>): void {
  namespaces.add(name);
  catalogues[lng][name] = merge(catalogues[lng][name] ?? {}, catalogue as Catalogue);
}

function merge(kept: Catalogue, added: Catalogue): Catalogue {
  const result: Catalogue = { ...added, ...kept };
  for (const [key, value] of Object.entries(added)) {
    const old = kept[key];
    if (typeof value === 'object' && typeof old === 'object') result[key] = merge(old, value);
  }
  return result;
}
