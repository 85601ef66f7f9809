// The web's translator answers what i18next answered with the web's former options (decision 0054):
// every key of every catalogue file in both languages, with and without values and counts, and the
// odd cases (missing keys, groups, unknown files, a text English lacks).
import type { Language } from '@acende/shared/enums';
import i18next, { type i18n as I18next } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Catalogue, type Catalogues, type TranslateOptions, translate } from './translate.ts';

const LANGUAGES: Language[] = ['pt', 'en'];
// Every catalogue file of both languages, as packages/shared/src/i18n/catalogues.ts lists them.
const files = import.meta.glob<Catalogue>('../../../../packages/shared/src/i18n/*/*.json', {
  eager: true,
  import: 'default',
});
const catalogues: Catalogues = { pt: {}, en: {} };
for (const [path, file] of Object.entries(files)) {
  const [language, name] = path.split('/').slice(-2) as [Language, string];
  catalogues[language][name.replace(/\.json$/, '')] = file;
}

/** An i18next instance set up as lib/i18n.ts set it up before decision 0054. */
async function reference(catalogues: Catalogues, language: Language): Promise<I18next> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'pt',
    resources: catalogues,
    ns: [...new Set([...Object.keys(catalogues.pt), ...Object.keys(catalogues.en)])],
    defaultNS: 'translation',
    nsSeparator: '.',
    interpolation: { escapeValue: false },
  });
  return instance;
}

function* leaves(catalogue: Catalogue, prefix: string): Generator<[string, string]> {
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') yield [`${prefix}.${key}`, value];
    else yield* leaves(value, `${prefix}.${key}`);
  }
}

const variables = (text: string) =>
  [...text.matchAll(/\{\{-?(.+?)\}\}/g)].map((m) => m[1]?.split(',')[0]?.trim() ?? '');

/** Options that reach every branch a text can take: no values, values, plural counts, a value missing. */
function optionSets(text: string): TranslateOptions[] {
  const names = variables(text);
  const all = (value: unknown) => Object.fromEntries(names.map((name) => [name, value]));
  return [
    {},
    all(1234.5),
    all('Rua 7'),
    ...[0, 1, 2, 21, 1_000_000, 1.5].map((count) => ({ ...all(count), count })),
    { count: 3 },
    names[0] ? { [names[0]]: undefined } : { other: 1 },
  ];
}

describe('translate', () => {
  const namespaces = new Set(Object.keys(catalogues.pt));
  const references = new Map<Language, I18next>();
  beforeAll(async () => {
    for (const language of LANGUAGES) references.set(language, await reference(catalogues, language));
  });

  it('renders every catalogue key as i18next did, in both languages', () => {
    let compared = 0;
    for (const language of LANGUAGES) {
      const i18n = references.get(language)!;
      for (const [ns, file] of Object.entries(catalogues[language])) {
        for (const [fullKey, text] of leaves(file, ns)) {
          // A plural is asked for by its base key, as the components ask.
          for (const key of new Set([fullKey, fullKey.replace(/_(zero|one|two|few|many|other)$/, '')])) {
            for (const options of optionSets(text)) {
              expect(translate(catalogues, namespaces, language, key, options), `${language} ${key}`).toBe(
                i18n.t(key as never, options as never),
              );
              compared++;
            }
          }
        }
      }
    }
    expect(Object.keys(catalogues.pt).length).toBeGreaterThan(20);
    expect(compared).toBeGreaterThan(10_000);
  });

  it('answers the odd cases as i18next did', async () => {
    const small: Catalogues = {
      pt: {
        main: { a: 'pt a', only: 'só pt {{n, number}}', group: { b: 'b' }, n_one: 'um', n_other: '{{count}} itens' },
        extra: { x: '{{user.name}} e {{-raw}}', empty: '' },
      },
      en: { main: { a: 'en a', n_one: 'one', n_other: '{{count, number}} items', n_zero: 'none' } },
    };
    const known = new Set(['main', 'extra']);
    const cases: [string, TranslateOptions][] = [
      ['main.only', { n: 1234.5 }],
      ['main.only', {}],
      ['main.group', {}],
      ['main.missing', {}],
      ['main.missing', { defaultValue: 'fallback {{v}}', v: 'x' }],
      ['unknown.a', {}],
      ['a', {}],
      ['main.n', { count: 0 }],
      ['main.n', { count: 1 }],
      ['main.n', { count: 1000 }],
      ['main.n', { count: null }],
      ['main.n', { count: '2' }],
      ['extra.x', { user: { name: 'Ana' }, raw: '<b>' }],
      ['extra.x', { user: 'Ana' }],
      ['extra.empty', {}],
    ];
    for (const language of LANGUAGES) {
      const i18n = await reference(small, language);
      for (const [key, options] of cases) {
        expect(translate(small, known, language, key, options), `${language} ${key}`).toBe(
          i18n.t(key as never, options as never),
        );
      }
    }
    expect(translate(small, known, 'en', 'main.only', { n: 1234.5 })).toBe('só pt 1,234.5');
    expect(translate(small, known, 'pt', 'main.only', { n: 1234.5 })).toBe('só pt 1.234,5');
  });

  it('meets only what it renders in the catalogues: number formats, no nesting', () => {
    for (const language of LANGUAGES) {
      for (const [ns, file] of Object.entries(catalogues[language])) {
        for (const [key, text] of leaves(file, ns)) {
          expect(text, key).not.toContain('$t(');
          for (const [, inside] of text.matchAll(/\{\{-?(.+?)\}\}/g)) {
            const format = inside?.split(',')[1]?.trim();
            if (format) expect(format, key).toBe('number');
          }
        }
      }
    }
  });
});
