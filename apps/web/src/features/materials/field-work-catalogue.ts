// The field-work namespace (field-work.json), for the materials form's own checks: the shared
// schemas name their messages there (field-work.validation.materialName). Loaded with this screen only.
import enFieldWork from '@acende/shared/i18n/en/field-work.json';
import ptFieldWork from '@acende/shared/i18n/pt/field-work.json';
import { addCatalogue } from '../../lib/i18n.ts';

addCatalogue('pt', 'field-work', ptFieldWork);
addCatalogue('en', 'field-work', enFieldWork);
