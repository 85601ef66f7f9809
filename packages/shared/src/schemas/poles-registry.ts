// The administrators' pole list (GET /api/admin/poles, issue 21): its query and its page.
// The pole itself (adminPoleSchema) and its input (poleInputSchema) live in poles.ts.
import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.ts';
import { type MessageKey, msg } from '../i18n/message-key.ts';
import { isIdText } from './fields.ts';
import { adminPoleSchema } from './poles.ts';

/**
 * The list counts its matches up to this many and no further: counting a million poles on
 * every page is slow on PostgreSQL, and nobody pages that far (they search). Past it the
 * page says "more than" and `totalIsCapped` is true.
 */
export const POLE_LIST_COUNT_CAP = 10_000;

const blank = (value: string | undefined) => value === undefined || value.trim() === '';

/** A query value: absent or blank (undefined), else what `read` makes of it, else `invalidKey`. */
const optionalQuery = <T>(read: (text: string) => T | undefined, invalidKey: MessageKey, fallback?: T) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (blank(value)) return fallback;
      const parsed = read((value as string).trim());
      if (parsed !== undefined) return parsed;
      ctx.issues.push({ code: 'custom', message: invalidKey, input: value });
      return z.NEVER;
    }),
  );

export const adminPoleListQuerySchema = z.object({
  /** A number's beginning (normalised as a pole number is) or a part of the street. */
  q: z.pipe(
    z.optional(z.string().check(z.maxLength(100, msg('common.validation.tooLong')))),
    z.transform((value) => value?.trim() || undefined),
  ),
  companyId: optionalQuery(
    (text) => (isIdText(text) ? Number(text) : undefined),
    msg('common.validation.company.invalid'),
  ),
  active: optionalQuery(
    (text) => (text === 'true' ? true : text === 'false' ? false : undefined),
    msg('admin-poles.validation.poleStatus.invalid'),
  ),
  page: z.pipe(
    optionalQuery(
      (text) => (/^[1-9]\d{0,5}$/.test(text) ? Number(text) : undefined),
      msg('admin-operations.validation.page.invalid'),
      1,
    ),
    z.number(),
  ),
  pageSize: z.pipe(
    optionalQuery(
      (text) => ((PAGE_SIZES as readonly number[]).includes(Number(text)) ? Number(text) : undefined),
      msg('admin-operations.validation.pageSize.invalid'),
      DEFAULT_PAGE_SIZE,
    ),
    z.number(),
  ),
});
export type AdminPoleListQuery = z.output<typeof adminPoleListQuerySchema>;
export type AdminPoleListQueryInput = z.input<typeof adminPoleListQuerySchema>;

export const adminPoleListSchema = z.object({
  items: z.array(adminPoleSchema),
  /** Exact up to POLE_LIST_COUNT_CAP; past it, the cap itself with totalIsCapped true. */
  total: z.number(),
  totalIsCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminPoleList = z.infer<typeof adminPoleListSchema>;
