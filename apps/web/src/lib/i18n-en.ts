// The English public catalogues, a chunk of their own (lib/i18n.ts loads it).
import enCommon from '@acende/shared/i18n/en/common.json';
import enPublic from '@acende/shared/i18n/en/public.json';

export const enPublicCatalogue = { ...enCommon, ...enPublic };
