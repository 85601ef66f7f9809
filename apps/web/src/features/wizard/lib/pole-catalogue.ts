// The citizen's pole texts (public-poles.json) come with the code that shows them, the
// wizard's later steps and the pole page, so the first load of `/` carries none of them.
import enPublicPoles from '@acende/shared/i18n/en/public-poles.json';
import ptPublicPoles from '@acende/shared/i18n/pt/public-poles.json';
import { addCatalogue } from '../../../lib/i18n.ts';

addCatalogue('pt', 'public-poles', ptPublicPoles);
addCatalogue('en', 'public-poles', enPublicPoles);
