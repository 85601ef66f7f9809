// The transparency page's texts come with the page's own chunk, so the first load of `/` and
// `/track/…` carries none of them (decision 0024); the English ones only once English is
// chosen, as the public catalogues (lib/i18n.ts).
import ptTransparency from '@acende/shared/i18n/pt/transparency.json';
import { addCatalogue } from '../../lib/i18n.ts';

addCatalogue('pt', 'transparency', ptTransparency);

let english: Promise<void> | undefined;
/** The English texts, fetched once (again after a failed fetch); React's use() waits for it. */
export function englishTransparencyTexts(): Promise<void> {
  english ??= import('@acende/shared/i18n/en/transparency.json').then(
    (module) => addCatalogue('en', 'transparency', module.default),
    (error: unknown) => {
      english = undefined;
      throw error;
    },
  );
  return english;
}
