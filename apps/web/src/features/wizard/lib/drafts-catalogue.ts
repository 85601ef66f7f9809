// The wizard's offline and retry texts (public-drafts.json) come with the filing step that
// shows them, so the first load of `/` carries none of them (decision 0024).
import enPublicDrafts from '@acende/shared/i18n/en/public-drafts.json';
import ptPublicDrafts from '@acende/shared/i18n/pt/public-drafts.json';
import { addCatalogue } from '../../../lib/i18n.ts';

addCatalogue('pt', 'public-drafts', ptPublicDrafts);
addCatalogue('en', 'public-drafts', enPublicDrafts);
