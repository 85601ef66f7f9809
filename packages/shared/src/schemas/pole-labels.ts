// Printable QR labels for poles (issue 21): what to print, either a selection of poles or
// a whole company. The label's address is `{PUBLIC_URL}/p/{companyId}/{number}` (decision 20).
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';
import { idNumber } from './fields.ts';

/** The most poles one selection may name: 48 A4 sheets; a whole company has no such limit. */
export const POLE_LABELS_SELECTION_MAX = 1000;

export const poleLabelsRequestSchema = z
  .object({
    poleIds: z.optional(
      z
        .array(idNumber('common.validation.poleLabels.poleId'), { error: msg('common.validation.invalidType') })
        .check(
          z.minLength(1, msg('common.validation.poleLabels.empty')),
          z.maxLength(POLE_LABELS_SELECTION_MAX, msg('common.validation.poleLabels.tooMany')),
        ),
    ),
    companyId: z.optional(idNumber('common.validation.company.invalid')),
    /** With companyId: also print the company's inactive poles (default: active ones only). */
    includeInactive: z.optional(z.boolean({ error: msg('common.validation.invalidType') })),
  })
  .check(
    z.refine(
      (body) => (body.poleIds === undefined) !== (body.companyId === undefined),
      msg('common.validation.poleLabels.target'),
    ),
  );
export type PoleLabelsRequest = z.infer<typeof poleLabelsRequestSchema>;

/** The address a pole's QR code carries (decision 20); the number is encoded as a path segment. */
export function poleLabelUrl(publicUrl: string, companyId: number, number: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/p/${companyId}/${encodeURIComponent(number)}`;
}
