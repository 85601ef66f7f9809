// The texts of the wizard's later steps (public-wizard.json) come with their chunk
// (later-steps.ts), so the first load of every public page carries none of them (decision 0024).
import enPublicWizard from '@acende/shared/i18n/en/public-wizard.json';
import ptPublicWizard from '@acende/shared/i18n/pt/public-wizard.json';
import { addCatalogue } from '../../../lib/i18n.ts';

addCatalogue('pt', 'public-wizard', ptPublicWizard);
addCatalogue('en', 'public-wizard', enPublicWizard);
