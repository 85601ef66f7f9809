// Administrator accounts as the user-management screens and calls see them (admins
// table plus company links). The password hash and sessions never appear here.
import * as z from 'zod/mini';
import { PAGE_SIZES, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { ROLES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';
import { newPasswordField } from './auth.ts';
import { idNumber, optionalEmail, requiredText } from './fields.ts';

const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]*$/;

/** Usernames are compared without case: kept trimmed and in lower case. */
const usernameField = z.pipe(
  requiredText('common.validation.username.required', 64),
  z.pipe(
    z.transform((value: string) => value.toLowerCase()),
    z.string().check(z.regex(USERNAME_PATTERN, msg('admin-access.validation.username.invalid'))),
  ),
);

const roleField = z.enum(ROLES, { error: msg('admin-access.validation.role.invalid') });

const companiesField = z._default(
  z
    .array(idNumber('admin-access.validation.companies.invalid'), {
      error: msg('admin-access.validation.companies.invalid'),
    })
    .check(z.maxLength(100, msg('admin-access.validation.companies.invalid'))),
  [],
);

/** The crew of a 'crew' account (decision 0068): required for that role, null or absent for the others. */
const crewIdField = z.optional(z.nullable(idNumber('admin-access.validation.crew.invalid')));

type WithCrew = { role: string; crewId?: number | null };
const crewChecks = [
  z.refine<WithCrew>((v) => v.role !== 'crew' || v.crewId != null, {
    message: msg('admin-access.validation.crew.required'),
    path: ['crewId'],
  }),
  z.refine<WithCrew>((v) => v.role === 'crew' || v.crewId == null, {
    message: msg('admin-access.validation.crew.onlyForCrew'),
    path: ['crewId'],
  }),
];

export const createUserSchema = z
  .object({
    username: usernameField,
    name: requiredText('common.validation.name.required', 120),
    email: optionalEmail(),
    role: roleField,
    companies: companiesField,
    crewId: crewIdField,
    password: newPasswordField('admin-access.validation.password.minLength'),
  })
  .check(...crewChecks);
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUser = z.infer<typeof createUserSchema>;

/** Edit: the same fields; a blank password keeps the current one; `active` switches the account on or off. */
export const updateUserSchema = z
  .object({
    username: usernameField,
    name: requiredText('common.validation.name.required', 120),
    email: optionalEmail(),
    role: roleField,
    companies: companiesField,
    crewId: crewIdField,
    password: z.optional(
      z.nullable(
        z.string({ error: msg('common.validation.invalidType') }).check(
          z.refine(
            (value) => value === '' || value.length >= PASSWORD_MIN_LENGTH,
            msg('admin-access.validation.password.minLength'),
          ),
          z.maxLength(200, msg('common.validation.tooLong')),
        ),
      ),
    ),
    active: z.optional(z.boolean({ error: msg('common.validation.invalidType') })),
  })
  .check(...crewChecks);
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  role: z.enum(ROLES),
  active: z.boolean(),
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
  /** A 'crew' account's crew (decision 0068); null for the other roles. */
  crewId: z.nullable(z.number()),
  crewName: z.nullable(z.string()),
  /** A TOTP second factor is on (decision 0026); an admin may reset it. */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = z.object({
  page: z._default(
    z.pipe(z.string().check(z.regex(/^[1-9]\d{0,5}$/, msg('common.validation.invalid'))), z.transform(Number)),
    1,
  ),
  pageSize: z._default(
    z.pipe(
      z
        .string()
        .check(
          z.refine((v) => (PAGE_SIZES as readonly number[]).includes(Number(v)), msg('common.validation.invalid')),
        ),
      z.transform(Number),
    ),
    20,
  ),
});

export const userListSchema = z.object({
  items: z.array(userSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type UserList = z.infer<typeof userListSchema>;
