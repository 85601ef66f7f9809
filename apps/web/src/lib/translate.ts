// Turns a catalogue key into words in the browser, as i18next did for the web app with its options
// (nsSeparator '.', fallback to Portuguese, no escaping), without its 15 KB gzipped (decision 0054).
// translate.test.ts holds it to i18next on every key of every catalogue file, both languages.
import type { Language } from '@acende/shared/enums';

export type Catalogue = { [key: string]: string | Catalogue };
/** Language → namespace (the catalogue file's name) → the file's contents. */
export type Catalogues = Record<Language, Record<string, Catalogue>>;
export type TranslateOptions = { [name: string]: unknown };

const rules = new Map<string, Intl.PluralRules>();
function pluralSuffix(language: Language, count: number): string {
  let rule = rules.get(language);
  if (!rule) {
    rule = new Intl.PluralRules(language);
    rules.set(language, rule);
  }
  return `_${rule.select(count)}`;
}

function at(node: unknown, path: string[]): unknown {
  for (const segment of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The text at `key` in the first language that has it: English falls back to Portuguese. */
function find(catalogues: Catalogues, language: Language, ns: string, key: string, count: unknown): unknown {
  const plural = count !== undefined && typeof count !== 'string';
  for (const code of language === 'en' ? (['en', 'pt'] as const) : (['pt'] as const)) {
    const file = catalogues[code][ns];
    // i18next tries `_zero` for a count of 0, then the language's plural form, then the key.
    const keys = plural ? [`${key}_zero`, key + pluralSuffix(code, Number(count)), key] : [key];
    if (plural && count !== 0) keys.shift();
    for (const candidate of keys) {
      const text = at(file, candidate.split('.'));
      if (text !== undefined && text !== null) return text;
    }
  }
  return undefined;
}

function format(value: unknown, formatName: string, language: Language, options: TranslateOptions): unknown {
  if (formatName !== 'number' || value == null) return value;
  try {
    return new Intl.NumberFormat(language, options).format(value as number);
  } catch {
    return value;
  }
}

/** `{{name}}` and `{{name, number}}` from the options; a name the options lack stays as written. */
function interpolate(text: string, language: Language, options: TranslateOptions): string {
  return text.replace(/\{\{-?(.+?)\}\}/g, (written, inside: string) => {
    const [name = '', formatName] = inside.split(',').map((part) => part.trim());
    let value = at(options, name.split('.'));
    if (formatName) value = format(value, formatName, language, options);
    if (value === undefined) return Object.hasOwn(options, inside.trim()) ? '' : written;
    return value === null ? '' : String(value);
  });
}

/**
 * The text of `key` (`<file>.<key inside the file>`) in `language`. A key whose first segment is
 * no known namespace, or that no language has, answers with the key after its namespace, and a
 * key naming a group of messages with i18next's sentence about it: what i18next answered.
 */
export function translate(
  catalogues: Catalogues,
  namespaces: ReadonlySet<string>,
  language: Language,
  fullKey: string,
  options: TranslateOptions = {},
): string {
  const dot = fullKey.indexOf('.');
  const known = dot !== -1 && namespaces.has(fullKey.slice(0, dot));
  const ns = known ? fullKey.slice(0, dot) : 'translation';
  const key = known ? fullKey.slice(dot + 1) : fullKey;
  const found = find(catalogues, language, ns, key, options.count);
  if (found !== undefined && typeof found !== 'string') {
    return `key '${key} (${language})' returned an object instead of string.`;
  }
  const text = found ?? (options.defaultValue === undefined ? key : String(options.defaultValue));
  return interpolate(text, language, options);
}
