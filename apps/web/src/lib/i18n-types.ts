// Typed message keys on the web (decision 0018): t() takes only keys of the catalogues, so a
// misspelt key fails `npm run typecheck`. The type is the Portuguese files' (the tests keep
// the English ones key for key the same).
import type { CatalogueNamespaces, MessageKey } from '@acende/shared/i18n/message-key';

// Typed as one tree keyed by file name, as the server's (packages/shared/src/i18n/catalogues.ts):
// the keys are the same strings, so t('common.errors.generic') is checked and a key its file's
// name does not lead is refused. At run time each file is a namespace of its name, found by the key's first segment
// (lib/i18n.ts): 'translation' itself holds nothing. Only i18next's types are used: lib/translate.ts
// renders the texts (decision 0054).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: CatalogueNamespaces };
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
