// Every admin-*.json catalogue of both languages, bundled into the admin chunk (never
// the public one) and added to the translator (lib/i18n.ts) when the admin app first loads, each as the namespace
// of its file's name (admin-access.json is admin-access).
import type { CatalogueName } from '@acende/shared/i18n/message-key';
import { addCatalogue } from '../../lib/i18n.ts';

const files = import.meta.glob<Record<string, unknown>>('../../../../../packages/shared/src/i18n/*/admin-*.json', {
  eager: true,
  import: 'default',
});

for (const [path, catalogue] of Object.entries(files)) {
  const language = path.includes('/en/') ? 'en' : 'pt';
  const name = path.slice(path.lastIndexOf('/') + 1, -'.json'.length) as CatalogueName;
  addCatalogue(language, name, catalogue);
}

export const loadedAdminCatalogues = Object.keys(files).length;
