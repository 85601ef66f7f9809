// The audit log (issue 24) as the admin screen and its API read it: filters that travel in
// the page URL and the query string, a keyset page of rows (newest first) and the accounts
// the account filter offers. Nothing here writes a row: the app only appends them.
import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.ts';
import { msg } from '../i18n/message-key.ts';
import { idFromText } from './fields.ts';

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Blank query values ('' from an empty field) mean "not filtered". */
function optionalQuery<T extends z.ZodMiniType>(schema: T): z.ZodMiniOptional<T> {
  const blankAsMissing = z.transform(emptyToUndefined) as unknown as z.ZodMiniType<unknown, unknown>;
  return z.pipe(blankAsMissing, z.optional(schema) as z.ZodMiniType) as unknown as z.ZodMiniOptional<T>;
}

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const dateText = z
  .string({ error: msg('admin-access.audit.validation.date') })
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, msg('admin-access.audit.validation.date')),
    z.refine(isCalendarDate, msg('admin-access.audit.validation.date')),
  );

/** A kind (`user.update`) or, ending in a dot, every kind under it (`user.`). */
export const AUDIT_KIND_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*\.?$/;

const auditFilterFields = {
  actorId: optionalQuery(idFromText('admin-access.audit.validation.actor')),
  kind: optionalQuery(
    z
      .string({ error: msg('admin-access.audit.validation.kind') })
      .check(
        z.trim(),
        z.maxLength(80, msg('admin-access.audit.validation.kind')),
        z.regex(AUDIT_KIND_PATTERN, msg('admin-access.audit.validation.kind')),
      ),
  ),
  objectType: optionalQuery(
    z
      .string({ error: msg('admin-access.audit.validation.objectType') })
      .check(
        z.trim(),
        z.maxLength(40, msg('admin-access.audit.validation.objectType')),
        z.regex(/^[a-z_]+$/, msg('admin-access.audit.validation.objectType')),
      ),
  ),
  objectId: optionalQuery(
    z
      .string({ error: msg('admin-access.audit.validation.objectId') })
      .check(z.trim(), z.maxLength(100, msg('admin-access.audit.validation.objectId'))),
  ),
  startDate: optionalQuery(dateText),
  endDate: optionalQuery(dateText),
};

const endNotBeforeStart = z.refine<{ startDate?: string | undefined; endDate?: string | undefined }>(
  (f) => !f.startDate || !f.endDate || f.endDate >= f.startDate,
  { message: msg('admin-access.audit.validation.dateRange'), path: ['endDate'] },
);

export const auditFiltersSchema = z.object(auditFilterFields).check(endNotBeforeStart);
export type AuditFilters = z.output<typeof auditFiltersSchema>;

const pageSizeText = z.pipe(
  z.enum(PAGE_SIZES.map(String) as [string, ...string[]], { error: msg('admin-access.audit.validation.pageSize') }),
  z.transform(Number),
);

export const auditListQuerySchema = z
  .object({
    ...auditFilterFields,
    /** Where the previous page ended (nextCursor); absent for the first page. */
    cursor: optionalQuery(
      z
        .string({ error: msg('admin-access.audit.validation.cursor') })
        .check(z.maxLength(200, msg('admin-access.audit.validation.cursor'))),
    ),
    pageSize: z.pipe(z.transform(emptyToUndefined), z.prefault(pageSizeText, String(DEFAULT_PAGE_SIZE))),
  })
  .check(endNotBeforeStart);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** The filter names in the order the URL and the CSV list them. */
export const AUDIT_FILTER_NAMES = ['actorId', 'kind', 'objectType', 'objectId', 'startDate', 'endDate'] as const;

const fields = z.nullable(z.record(z.string(), z.unknown()));

export const auditRowSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  actorId: z.nullable(z.number()),
  actorUsername: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  kind: z.string(),
  objectType: z.nullable(z.string()),
  objectId: z.nullable(z.string()),
  before: fields,
  after: fields,
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditListSchema = z.object({
  items: z.array(auditRowSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type AuditList = z.infer<typeof auditListSchema>;

export const auditAccountSchema = z.object({ id: z.number(), username: z.string(), name: z.string() });
export type AuditAccount = z.infer<typeof auditAccountSchema>;

/** One field of a change as the screen lists it: field → old → new. */
export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields a row's before and after name, in order, with their two values (absent reads as undefined). */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditFieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((field) => ({ field, before: before?.[field], after: after?.[field] }));
}
