// The citizen's photo texts (public-photos.json) come with the code that shows them (the
// wizard's photo picker and uploads, the tracking page's published photos), so the first
// load of `/` carries none of them (decision 0024).
import enPublicPhotos from '@acende/shared/i18n/en/public-photos.json';
import ptPublicPhotos from '@acende/shared/i18n/pt/public-photos.json';
import { addCatalogue } from './i18n.ts';

addCatalogue('pt', 'public-photos', ptPublicPhotos);
addCatalogue('en', 'public-photos', enPublicPhotos);
