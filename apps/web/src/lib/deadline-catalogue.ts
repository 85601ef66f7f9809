// The citizen's repair-date texts (public-deadline.json) come with the code that shows them, the
// success screen's and the tracking page's chunks, so the first load of `/` carries none of them.
import enPublicDeadline from '@acende/shared/i18n/en/public-deadline.json';
import ptPublicDeadline from '@acende/shared/i18n/pt/public-deadline.json';
import { addCatalogue } from './i18n.ts';

addCatalogue('pt', 'public-deadline', ptPublicDeadline);
addCatalogue('en', 'public-deadline', enPublicDeadline);
