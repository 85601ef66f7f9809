// The transparency page's texts come with the page's own chunk: the first load of `/` and
// `/track/…` carries none of them (decision 0024).
import enTransparency from '@acende/shared/i18n/en/transparency.json';
import ptTransparency from '@acende/shared/i18n/pt/transparency.json';
import { addCatalogue } from '../../lib/i18n.ts';

addCatalogue('pt', ptTransparency);
addCatalogue('en', enTransparency);
