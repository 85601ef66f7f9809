// Status in (issue 38, decision 0066): keys an admin issues to one company's own system
// (SAP PM, a field-service tool), and the change such a system sends for one of that
// company's requests. The key is in the answer that issues it and nowhere after.
import * as z from 'zod/mini';
import { REQUEST_STATUSES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';
import { idNumber, optionalText, requiredText } from './fields.ts';

export const INTEGRATION_KEY_NAME_MAX = 100;
/** The longest note a company's system may send with a change (the operators' own limit). */
export const INTEGRATION_NOTES_MAX = 2000;

export const integrationKeyInputSchema = z.strictObject({
  companyId: idNumber('common.validation.company.invalid'),
  name: requiredText('admin-integrations.validation.keyNameRequired', INTEGRATION_KEY_NAME_MAX),
});
export type IntegrationKeyInput = z.input<typeof integrationKeyInputSchema>;
export type IntegrationKeyValues = z.output<typeof integrationKeyInputSchema>;

export const integrationKeySchema = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  keyPrefix: z.string(),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
});
export type IntegrationKey = z.infer<typeof integrationKeySchema>;

/** The answer to issuing a key: the only time the key is shown. */
export const issuedIntegrationKeySchema = z.extend(integrationKeySchema, { key: z.string() });
export type IssuedIntegrationKey = z.infer<typeof issuedIntegrationKeySchema>;

/**
 * POST /api/integration/v1/requests/{id}/changes: a status, notes, or both. `updatedAt`, when
 * sent, must be the request's as last read (a stale one is a 409, as for an operator); left
 * out, the change applies to the request as it is.
 */
export const integrationChangeSchema = z
  .strictObject({
    status: z.optional(z.enum(REQUEST_STATUSES, { error: msg('admin-integrations.validation.status') })),
    notes: optionalText(INTEGRATION_NOTES_MAX),
    updatedAt: z.optional(
      z
        .string({ error: msg('common.validation.invalidType') })
        .check(z.minLength(1, msg('common.validation.invalidType'))),
    ),
  })
  .check(
    z.refine((value) => value.status !== undefined || Boolean(value.notes), {
      message: msg('admin-integrations.validation.changeEmpty'),
    }),
  );
export type IntegrationChange = z.output<typeof integrationChangeSchema>;

/**
 * A request as its company's system reads it (GET and the change's answer): the work and the
 * place, never the citizen's name, e-mail or phone.
 */
export const integrationRequestSchema = z.object({
  id: z.number(),
  status: z.enum(REQUEST_STATUSES),
  notes: z.nullable(z.string()),
  assignedTo: z.nullable(z.string()),
  problemType: z.string(),
  address: z.string(),
  poleNumber: z.nullable(z.string()),
  latitude: z.number(),
  longitude: z.number(),
  createdAt: z.string(),
  dueAt: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type IntegrationRequest = z.infer<typeof integrationRequestSchema>;

/** The Idempotency-Key a change must carry: 1 to 200 printable ASCII characters. */
export const INTEGRATION_IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,200}$/;
