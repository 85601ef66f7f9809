// Turns catalogue keys into words for one language. Pure, so the API, the web app and
// tests all render the same text; i18next does the same job inside React.
import type { Language } from '../enums.ts';
import type { MessageKey } from './message-key.ts';

export type Catalogue = { [key: string]: string | Catalogue };

export function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(text: string, params?: Record<string, unknown>): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

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

/** `Key` is MessageKey for the real catalogues; tests of other catalogues pass `string`. */
export function createTranslator<Key extends string = MessageKey>(catalogues: Record<Language, Catalogue>) {
  return function translate(language: Language, key: Key, params?: Record<string, unknown>): string {
    const text = lookup(catalogues[language], key) ?? lookup(catalogues.pt, key);
    return text === undefined ? key : interpolate(text, params);
  };
}
