// The English public catalogues, a chunk of their own (lib/i18n.ts loads it).
export { default as enCommon } from '@acende/shared/i18n/en/common.json';
export { default as enPublic } from '@acende/shared/i18n/en/public.json';
