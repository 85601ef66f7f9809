// The browser notices' texts (public-push.json) come with the code that shows them (the
// opt-in on the success screen and the tracking page), so the first load of `/` carries none
// of them (decision 0024).
import enPublicPush from '@acende/shared/i18n/en/public-push.json';
import ptPublicPush from '@acende/shared/i18n/pt/public-push.json';
import { addCatalogue } from './i18n.ts';

addCatalogue('pt', 'public-push', ptPublicPush);
addCatalogue('en', 'public-push', enPublicPush);
