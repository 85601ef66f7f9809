// The open-data page's texts (open-data.json) come with that page, never on a first load.
import enOpenData from '@acende/shared/i18n/en/open-data.json';
import ptOpenData from '@acende/shared/i18n/pt/open-data.json';
import { addCatalogue } from './i18n.ts';

addCatalogue('pt', 'open-data', ptOpenData);
addCatalogue('en', 'open-data', enOpenData);
