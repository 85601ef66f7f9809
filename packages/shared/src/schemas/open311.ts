// Open311 API keys (issue 25, decision 0038): an admin issues one per client system and may
// revoke it. The key itself is in the answer that issues it and nowhere after.
import * as z from 'zod/mini';
import { requiredText } from './fields.ts';

export const OPEN311_KEY_NAME_MAX = 100;

export const open311KeyInputSchema = z.object({
  name: requiredText('admin-open311.validation.open311Key.nameRequired', OPEN311_KEY_NAME_MAX),
});
export type Open311KeyInput = z.input<typeof open311KeyInputSchema>;
export type Open311KeyValues = z.output<typeof open311KeyInputSchema>;

export const open311KeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  keyPrefix: z.string(),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
});
export type Open311Key = z.infer<typeof open311KeySchema>;

/** The answer to issuing a key: the only time the key is shown. */
export const issuedOpen311KeySchema = z.extend(open311KeySchema, { key: z.string() });
export type IssuedOpen311Key = z.infer<typeof issuedOpen311KeySchema>;
