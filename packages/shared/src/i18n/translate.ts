// Turns catalogue keys into words for one language, for the API and tests: an i18next
// instance like the web app's, so plurals, number formats and fallbacks render the same.
import i18next from 'i18next';
import type { Language } from '../enums.ts';
import type { MessageKey } from './message-key.ts';

export type Catalogue = { [key: string]: string | Catalogue };

/** Picks pt or en from an Accept-Language header: English only when it is preferred over Portuguese. */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return 'pt';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('pt')) return 'pt';
    if (tag.startsWith('en')) return 'en';
  }
  return 'pt';
}

/**
 * `translate(language, key, params)`: the text in that language, else in Portuguese, else
 * the key itself. Values are not escaped (the e-mail templates escape what they insert).
 * `Key` is MessageKey for the real catalogues; tests of other catalogues pass `string`.
 */
export function createTranslator<Key extends string = MessageKey>(catalogues: Record<Language, Catalogue>) {
  const instance = i18next.createInstance();
  // With initAsync false and the resources given, init has finished when it returns.
  void instance.init({
    initAsync: false,
    lng: 'pt',
    fallbackLng: 'pt',
    resources: { pt: { translation: catalogues.pt }, en: { translation: catalogues.en } },
    interpolation: { escapeValue: false },
    returnNull: false,
    // A key naming a group of messages answers with the key, as a missing one does.
    returnedObjectHandler: (key) => key,
  });
  // A text asked for without values is kept: t() costs some microseconds, and a 100,000-row
  // export asks for the same status and problem type labels on every row.
  const plain: Record<Language, Map<string, string>> = { pt: new Map(), en: new Map() };
  return function translate(language: Language, key: Key, params?: Record<string, unknown>): string {
    if (params) return instance.t(key, { ...params, lng: language });
    let text = plain[language].get(key);
    if (text === undefined) {
      text = instance.t(key, { lng: language });
      plain[language].set(key, text);
    }
    return text;
  };
}
