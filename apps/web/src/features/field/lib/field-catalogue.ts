// The field app's texts (field-app.json, both languages) come with its chunk, never on a
// public page's first load; both are bundled so the language toggle works without signal.
import enFieldApp from '@acende/shared/i18n/en/field-app.json';
import ptFieldApp from '@acende/shared/i18n/pt/field-app.json';
import { addCatalogue } from '../../../lib/i18n.ts';

addCatalogue('pt', 'field-app', ptFieldApp);
addCatalogue('en', 'field-app', enFieldApp);
