// The texts of "already reported nearby", following, unsubscribing and duplicates
// (followers.json) come with the code that shows them, never on a page's first load.
import enFollowers from '@acende/shared/i18n/en/followers.json';
import ptFollowers from '@acende/shared/i18n/pt/followers.json';
import { addCatalogue } from './i18n.ts';

addCatalogue('pt', 'followers', ptFollowers);
addCatalogue('en', 'followers', enFollowers);
