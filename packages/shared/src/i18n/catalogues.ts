// Every catalogue file of both languages merged into one tree per language, for the
// server and tests. The web app loads the same files by namespace (public eagerly,
// admin lazily) so the public bundle carries no administrator text.
// A new catalogue file is added to NAMESPACES below, in both languages.
import type { Language } from '../enums.ts';
import enCommon from './en/common.json';
import enPublic from './en/public.json';
import ptCommon from './pt/common.json';
import ptPublic from './pt/public.json';
import { type Catalogue, createTranslator } from './translate.ts';

export const NAMESPACES: Record<Language, Record<string, Catalogue>> = {
  pt: { common: ptCommon, public: ptPublic },
  en: { common: enCommon, public: enPublic },
};

function mergeInto(target: Catalogue, source: Catalogue): Catalogue {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && existing && typeof existing === 'object') mergeInto(existing, value);
    else target[key] = typeof value === 'object' ? mergeInto({}, value) : value;
  }
  return target;
}

export function mergeCatalogues(parts: Catalogue[]): Catalogue {
  const merged: Catalogue = {};
  for (const part of parts) mergeInto(merged, part);
  return merged;
}

export const catalogues: Record<Language, Catalogue> = {
  pt: mergeCatalogues(Object.values(NAMESPACES.pt)),
  en: mergeCatalogues(Object.values(NAMESPACES.en)),
};
export const translate = createTranslator(catalogues);
