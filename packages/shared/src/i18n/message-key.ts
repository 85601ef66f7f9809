// The type of every catalogue key, `<file>.<key inside the file>`, taken from the Portuguese
// files (the tests keep the English ones key for key the same), so a misspelt key in a schema
// or the API fails tsc, as does a key its file's name does not lead.
// Type-only imports: the schemas import msg from here without carrying any catalogue text.
import type ptAdminAccess from './pt/admin-access.json';
import type ptAdminEmail from './pt/admin-email.json';
import type ptAdminIntegrations from './pt/admin-integrations.json';
import type ptAdminOpen311 from './pt/admin-open311.json';
import type ptAdminOperations from './pt/admin-operations.json';
import type ptAdminPasswordReset from './pt/admin-password-reset.json';
import type ptAdminPoles from './pt/admin-poles.json';
import type ptAdminReports from './pt/admin-reports.json';
import type ptAdminSettings from './pt/admin-settings.json';
import type ptAdminTemplates from './pt/admin-templates.json';
import type ptAdminWork from './pt/admin-work.json';
import type ptCaptcha from './pt/captcha.json';
import type ptCommon from './pt/common.json';
import type ptEmail from './pt/email.json';
import type ptFieldApp from './pt/field-app.json';
import type ptFieldWork from './pt/field-work.json';
import type ptFollowers from './pt/followers.json';
import type ptOpenData from './pt/open-data.json';
import type ptPublic from './pt/public.json';
import type ptPublicDeadline from './pt/public-deadline.json';
import type ptPublicDrafts from './pt/public-drafts.json';
import type ptPublicPages from './pt/public-pages.json';
import type ptPublicPhotos from './pt/public-photos.json';
import type ptPublicPoles from './pt/public-poles.json';
import type ptPublicPush from './pt/public-push.json';
import type ptPublicWizard from './pt/public-wizard.json';
import type ptSatisfaction from './pt/satisfaction.json';
import type ptTransparency from './pt/transparency.json';

/** Each catalogue file by namespace; catalogues.ts registers exactly these in both languages. */
export interface CatalogueNamespaces {
  common: typeof ptCommon;
  public: typeof ptPublic;
  'admin-access': typeof ptAdminAccess;
  'admin-email': typeof ptAdminEmail;
  'admin-password-reset': typeof ptAdminPasswordReset;
  'admin-operations': typeof ptAdminOperations;
  'admin-poles': typeof ptAdminPoles;
  email: typeof ptEmail;
  'admin-reports': typeof ptAdminReports;
  captcha: typeof ptCaptcha;
  'admin-settings': typeof ptAdminSettings;
  /** The notices' default texts: the server's only (the web app never bundles them). */
  'public-pages': typeof ptPublicPages;
  /** The citizen's pole texts (issue 21): loaded with the wizard's later steps and the pole page, not on the first load. */
  'public-poles': typeof ptPublicPoles;
  /** Reply templates and the location map's tiles (issue 23). */
  'admin-templates': typeof ptAdminTemplates;
  /** Nearby requests, following, unsubscribing and duplicates (issues 22, 23). */
  followers: typeof ptFollowers;
  /** The wizard's offline and retry texts and the tracking page's reopen (issue 22): loaded with the code that shows them. */
  'public-drafts': typeof ptPublicDrafts;
  /** The citizen's photo texts and the upload's errors (decision 0033): loaded with the code that shows them. */
  'public-photos': typeof ptPublicPhotos;
  /** Open311 GeoReport v2: the API keys' screen and the texts of /open311/v2 answers (decision 0038). */
  'admin-integrations': typeof ptAdminIntegrations;
  'admin-open311': typeof ptAdminOpen311;
  'admin-work': typeof ptAdminWork;
  /** The crew API's and materials' messages (decision 0068): validation, refusals of /api/crew, history notes. Not `crew`: audit kinds are named crew.* */
  'field-work': typeof ptFieldWork;
  /** The crew's phone app at /campo (decision 0068): loaded with it only. */
  'field-app': typeof ptFieldApp;
  /** The open-data page (decision 0039): loaded with that page only. */
  'open-data': typeof ptOpenData;
  /** The public transparency page and its CSV (issue 25): loaded with the page. */
  transparency: typeof ptTransparency;
  /** Citizens' ratings on the transparency page and its CSV (issue 35): loaded with their own lazy section. */
  satisfaction: typeof ptSatisfaction;
  /** The citizen's repair date on the success screen and the tracking page (decision 0052): loaded with them. */
  'public-deadline': typeof ptPublicDeadline;
  /** The wizard's later steps' own texts (issue 35): loaded with their chunk, not on the first load. */
  'public-wizard': typeof ptPublicWizard;
  /** Browser notices (decision 0063): the opt-in's texts and the subscription's errors, loaded with the opt-in. */
  'public-push': typeof ptPublicPush;
}

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

// i18next picks `key_one`/`key_other` from `key` and a count, so a plural is asked for by its base key.
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** A catalogue file's name: the first segment of every key. */
export type CatalogueName = keyof CatalogueNamespaces;

/** Every dotted key, led by its file's name ('common.validation.phone.required' is validation.phone.required in common.json). */
export type MessageKey = WithoutPlural<Paths<CatalogueNamespaces>>;

/** A catalogue key, checked by tsc: schemas pass their messages through it. Returns the key unchanged. */
export function msg(key: MessageKey): MessageKey {
  return key;
}

/** Whether a schema's message is a validation key (`<file>.validation.…`) rather than zod's own English sentence. */
export function isValidationKey(text: string): text is MessageKey {
  return /^[a-z0-9-]+\.validation\./.test(text);
}
