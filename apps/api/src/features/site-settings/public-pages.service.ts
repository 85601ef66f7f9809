// Who runs the service and its privacy and accessibility notices: stored in site_settings
// as plain text per language; a blank text is served as the default of the catalogue,
// filled in with the operator's name and contact.
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { PublicPage } from '@acende/shared/public-pages';
import type {
  OperatorView,
  PublicPagesSettings,
  PublicPagesSettingsView,
  PublicPageView,
} from '@acende/shared/schemas/public-pages';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { readSetting, writeSetting } from '../../core/settings.repository.ts';

export const PUBLIC_PAGES_KEY = 'publicPages';

const NO_OPERATOR: OperatorView = { name: null, email: null, phone: null, address: null };
const NO_TEXT = { pt: null, en: null };

type Stored = Omit<PublicPagesSettingsView, 'defaults'>;

async function readStored(deps: AppDeps): Promise<Stored> {
  const stored = await readSetting<Partial<Stored>>(deps.db, PUBLIC_PAGES_KEY);
  return {
    operator: { ...NO_OPERATOR, ...stored?.operator },
    privacy: { ...NO_TEXT, ...stored?.privacy },
    accessibility: { ...NO_TEXT, ...stored?.accessibility },
  };
}

/** The default notice in `language`, naming the operator and how to reach them. */
export function defaultNotice(page: PublicPage, language: Language, operator: OperatorView): string {
  const contact = [
    operator.email ? translate(language, 'public-pages.publicPages.contactEmail', { value: operator.email }) : null,
    operator.phone ? translate(language, 'public-pages.publicPages.contactPhone', { value: operator.phone }) : null,
    operator.address
      ? translate(language, 'public-pages.publicPages.contactAddress', { value: operator.address })
      : null,
  ].filter((part) => part !== null);
  return translate(language, `public-pages.publicPages.defaults.${page}`, {
    operator: operator.name ?? translate(language, 'public-pages.publicPages.unnamedOperator'),
    contact: contact.length > 0 ? contact.join('; ') : translate(language, 'public-pages.publicPages.noContact'),
  });
}

export async function readOperator(deps: AppDeps): Promise<OperatorView> {
  return (await readStored(deps)).operator;
}

export async function readPublicPage(deps: AppDeps, page: PublicPage, language: Language): Promise<PublicPageView> {
  const stored = await readStored(deps);
  const own = stored[page][language];
  return {
    page,
    language,
    text: own ?? defaultNotice(page, language, stored.operator),
    isDefault: own === null,
    operator: stored.operator,
  };
}

export async function getPublicPagesSettings(deps: AppDeps): Promise<PublicPagesSettingsView> {
  const stored = await readStored(deps);
  const defaults = (page: PublicPage) => ({
    pt: defaultNotice(page, 'pt', stored.operator),
    en: defaultNotice(page, 'en', stored.operator),
  });
  return { ...stored, defaults: { privacy: defaults('privacy'), accessibility: defaults('accessibility') } };
}

export async function savePublicPagesSettings(
  deps: AppDeps,
  input: PublicPagesSettings,
  actor: AuditActor,
): Promise<PublicPagesSettingsView> {
  const now = deps.clock.now().toISOString();
  const previous = await readStored(deps);
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, PUBLIC_PAGES_KEY, input, now);
    const change = changedFields(previous, input);
    await recordAudit(
      trx,
      actor,
      { kind: 'settings.public_pages.update', objectType: 'settings', objectId: 'public_pages', ...change },
      now,
    );
  });
  return getPublicPagesSettings(deps);
}
