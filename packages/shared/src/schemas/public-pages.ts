// Who runs the service and its two public notices (privacy, accessibility): the operator's
// name and contact shown in every public footer, and each notice's text per language, kept
// as plain text (paragraphs split by blank lines, never rendered as markup).
import * as z from 'zod/mini';
import { LANGUAGES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';
import { PUBLIC_PAGES } from '../public-pages.ts';
import { optionalEmail } from './fields.ts';

export const OPERATOR_NAME_MAX = 120;
export const OPERATOR_PHONE_MAX = 40;
export const OPERATOR_ADDRESS_MAX = 300;
export const PUBLIC_PAGE_TEXT_MAX = 20_000;

/** Control characters bar tab and line breaks (which a notice's paragraphs need). */
const CONTROL_IN_TEXT = /[^\P{Cc}\t\n\r]/u;
/** A one-line field holds no control character at all. */
const CONTROL_IN_LINE = /\p{Cc}/u;

function plainText(max: number, control: RegExp) {
  return z.pipe(
    z.nullish(
      z.string({ error: msg('common.validation.invalidType') }).check(
        z.trim(),
        z.maxLength(max, msg('common.validation.tooLong')),
        z.refine((value) => !control.test(value), msg('common.validation.publicPages.characters')),
      ),
    ),
    z.transform((value: string | null | undefined) => (value ? value.replace(/\r\n?/g, '\n') : null)),
  );
}

export const operatorSchema = z.object({
  name: plainText(OPERATOR_NAME_MAX, CONTROL_IN_LINE),
  email: optionalEmail(),
  phone: plainText(OPERATOR_PHONE_MAX, CONTROL_IN_LINE),
  address: plainText(OPERATOR_ADDRESS_MAX, CONTROL_IN_LINE),
});
export type Operator = z.output<typeof operatorSchema>;

const localizedText = () =>
  z.object({
    pt: plainText(PUBLIC_PAGE_TEXT_MAX, CONTROL_IN_TEXT),
    en: plainText(PUBLIC_PAGE_TEXT_MAX, CONTROL_IN_TEXT),
  });

/** What an admin saves: blank texts mean "the default text". */
export const publicPagesSettingsSchema = z.object({
  operator: operatorSchema,
  privacy: localizedText(),
  accessibility: localizedText(),
});
export type PublicPagesSettingsInput = z.input<typeof publicPagesSettingsSchema>;
export type PublicPagesSettings = z.output<typeof publicPagesSettingsSchema>;

const nullableString = () => z.nullable(z.string());
export const operatorViewSchema = z.object({
  name: nullableString(),
  email: nullableString(),
  phone: nullableString(),
  address: nullableString(),
});

const localizedView = () => z.object({ pt: nullableString(), en: nullableString() });
const localizedDefaults = () => z.object({ pt: z.string(), en: z.string() });

/** GET /api/admin/public-pages: what is saved, and the default texts a blank one stands for. */
export const publicPagesSettingsViewSchema = z.object({
  operator: operatorViewSchema,
  privacy: localizedView(),
  accessibility: localizedView(),
  defaults: z.object({ privacy: localizedDefaults(), accessibility: localizedDefaults() }),
});
export type PublicPagesSettingsView = z.infer<typeof publicPagesSettingsViewSchema>;

/** GET /api/public-pages/:page: the notice in the reader's language, and who runs the service. */
export const publicPageViewSchema = z.object({
  page: z.enum(PUBLIC_PAGES),
  language: z.enum(LANGUAGES),
  text: z.string(),
  isDefault: z.boolean(),
  operator: operatorViewSchema,
});
export type PublicPageView = z.infer<typeof publicPageViewSchema>;
export type OperatorView = z.infer<typeof operatorViewSchema>;
