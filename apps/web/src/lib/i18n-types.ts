// Typed message keys on the web (decision 0018): t() takes only keys of the catalogues, so a
// misspelt key fails `npm run typecheck`. The type is the Portuguese files' (the tests keep
// the English ones key for key the same), merged as lib/i18n.ts and the admin code load them.
import type { CatalogueNamespaces, MessageKey } from '@acende/shared/i18n/message-key';

type Merged = CatalogueNamespaces['common'] &
  CatalogueNamespaces['public'] &
  CatalogueNamespaces['admin-access'] &
  CatalogueNamespaces['admin-email'] &
  CatalogueNamespaces['admin-password-reset'] &
  CatalogueNamespaces['admin-operations'] &
  CatalogueNamespaces['admin-poles'] &
  CatalogueNamespaces['email'] &
  CatalogueNamespaces['admin-reports'] &
  CatalogueNamespaces['captcha'] &
  CatalogueNamespaces['admin-settings'] &
  CatalogueNamespaces['public-pages'] &
  CatalogueNamespaces['public-poles'] &
  CatalogueNamespaces['admin-templates'] &
  CatalogueNamespaces['followers'] &
  CatalogueNamespaces['public-drafts'] &
  CatalogueNamespaces['public-photos'] &
  CatalogueNamespaces['admin-open311'] &
  CatalogueNamespaces['open-data'] &
  CatalogueNamespaces['transparency'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Merged };
    returnNull: false;
  }
}

/**
 * A message that comes back from a schema (zod, react-hook-form) as text: the schemas build
 * every message from a typed key (msg() in packages/shared), so the text is a key.
 */
export function messageKey(text: string): MessageKey {
  return text as MessageKey;
}
