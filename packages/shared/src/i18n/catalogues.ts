// Every catalogue file of both languages, one tree per language keyed by file name, for the
// server and tests: a key's first segment names its file ('common.errors.storageFull' is
// errors.storageFull in common.json). The web app loads the same files as namespaces
// of the same names (public eagerly, admin lazily) so the public bundle carries no
// administrator text, and resolves the same keys (decision 0047).
// A new catalogue file is added to NAMESPACES below, in both languages, and to
// CatalogueNamespaces in message-key.ts (tsc refuses NAMESPACES until it is).
import type { Language } from '../enums.ts';
import enAdminAccess from './en/admin-access.json';
import enAdminEmail from './en/admin-email.json';
import enAdminIntegrations from './en/admin-integrations.json';
import enAdminOpen311 from './en/admin-open311.json';
import enAdminOperations from './en/admin-operations.json';
import enAdminPasswordReset from './en/admin-password-reset.json';
import enAdminPoles from './en/admin-poles.json';
import enAdminReports from './en/admin-reports.json';
import enAdminSettings from './en/admin-settings.json';
import enAdminTemplates from './en/admin-templates.json';
import enAdminWork from './en/admin-work.json';
import enCaptcha from './en/captcha.json';
import enCommon from './en/common.json';
import enEmail from './en/email.json';
import enFieldApp from './en/field-app.json';
import enFieldWork from './en/field-work.json';
import enFollowers from './en/followers.json';
import enOpenData from './en/open-data.json';
import enPublic from './en/public.json';
import enPublicDeadline from './en/public-deadline.json';
import enPublicDrafts from './en/public-drafts.json';
import enPublicPages from './en/public-pages.json';
import enPublicPhotos from './en/public-photos.json';
import enPublicPoles from './en/public-poles.json';
import enPublicPush from './en/public-push.json';
import enPublicWizard from './en/public-wizard.json';
import enSatisfaction from './en/satisfaction.json';
import enTransparency from './en/transparency.json';
import type { CatalogueNamespaces } from './message-key.ts';
import ptAdminAccess from './pt/admin-access.json';
import ptAdminEmail from './pt/admin-email.json';
import ptAdminIntegrations from './pt/admin-integrations.json';
import ptAdminOpen311 from './pt/admin-open311.json';
import ptAdminOperations from './pt/admin-operations.json';
import ptAdminPasswordReset from './pt/admin-password-reset.json';
import ptAdminPoles from './pt/admin-poles.json';
import ptAdminReports from './pt/admin-reports.json';
import ptAdminSettings from './pt/admin-settings.json';
import ptAdminTemplates from './pt/admin-templates.json';
import ptAdminWork from './pt/admin-work.json';
import ptCaptcha from './pt/captcha.json';
import ptCommon from './pt/common.json';
import ptEmail from './pt/email.json';
import ptFieldApp from './pt/field-app.json';
import ptFieldWork from './pt/field-work.json';
import ptFollowers from './pt/followers.json';
import ptOpenData from './pt/open-data.json';
import ptPublic from './pt/public.json';
import ptPublicDeadline from './pt/public-deadline.json';
import ptPublicDrafts from './pt/public-drafts.json';
import ptPublicPages from './pt/public-pages.json';
import ptPublicPhotos from './pt/public-photos.json';
import ptPublicPoles from './pt/public-poles.json';
import ptPublicPush from './pt/public-push.json';
import ptPublicWizard from './pt/public-wizard.json';
import ptSatisfaction from './pt/satisfaction.json';
import ptTransparency from './pt/transparency.json';
import { type Catalogue, createTranslator } from './translate.ts';

export const NAMESPACES: Record<Language, Record<keyof CatalogueNamespaces, Catalogue>> = {
  pt: {
    common: ptCommon,
    public: ptPublic,
    'admin-access': ptAdminAccess,
    'admin-email': ptAdminEmail,
    'admin-password-reset': ptAdminPasswordReset,
    'admin-operations': ptAdminOperations,
    'admin-poles': ptAdminPoles,
    email: ptEmail,
    'admin-reports': ptAdminReports,
    captcha: ptCaptcha,
    'admin-settings': ptAdminSettings,
    'public-pages': ptPublicPages,
    'public-poles': ptPublicPoles,
    'admin-templates': ptAdminTemplates,
    followers: ptFollowers,
    'public-drafts': ptPublicDrafts,
    'public-photos': ptPublicPhotos,
    'admin-integrations': ptAdminIntegrations,
    'admin-open311': ptAdminOpen311,
    'admin-work': ptAdminWork,
    'field-work': ptFieldWork,
    'field-app': ptFieldApp,
    'open-data': ptOpenData,
    transparency: ptTransparency,
    satisfaction: ptSatisfaction,
    'public-deadline': ptPublicDeadline,
    'public-wizard': ptPublicWizard,
    'public-push': ptPublicPush,
  } satisfies CatalogueNamespaces,
  en: {
    common: enCommon,
    public: enPublic,
    'admin-access': enAdminAccess,
    'admin-email': enAdminEmail,
    'admin-password-reset': enAdminPasswordReset,
    'admin-operations': enAdminOperations,
    'admin-poles': enAdminPoles,
    email: enEmail,
    'admin-reports': enAdminReports,
    captcha: enCaptcha,
    'admin-settings': enAdminSettings,
    'public-pages': enPublicPages,
    'public-poles': enPublicPoles,
    'admin-templates': enAdminTemplates,
    followers: enFollowers,
    'public-drafts': enPublicDrafts,
    'public-photos': enPublicPhotos,
    'admin-integrations': enAdminIntegrations,
    'admin-open311': enAdminOpen311,
    'admin-work': enAdminWork,
    'field-work': enFieldWork,
    'field-app': enFieldApp,
    'open-data': enOpenData,
    transparency: enTransparency,
    satisfaction: enSatisfaction,
    'public-deadline': enPublicDeadline,
    'public-wizard': enPublicWizard,
    'public-push': enPublicPush,
  },
};

/** Each language's catalogues, keyed by file name: the tree translate() looks keys up in. */
export const catalogues: Record<Language, Catalogue> = { pt: NAMESPACES.pt, en: NAMESPACES.en };
export const translate = createTranslator(catalogues);
