// Every admin-*.json catalogue of both languages, bundled into the admin chunk (never
// the public one) and added to i18next when the admin app first loads.
import { addCatalogue } from '../../lib/i18n.ts';

const files = import.meta.glob<Record<string, unknown>>('../../../../../packages/shared/src/i18n/*/admin-*.json', {
  eager: true,
  import: 'default',
});

for (const [path, catalogue] of Object.entries(files)) {
  const language = path.includes('/en/') ? 'en' : 'pt';
  addCatalogue(language, catalogue);
}

export const loadedAdminCatalogues = Object.keys(files).length;
