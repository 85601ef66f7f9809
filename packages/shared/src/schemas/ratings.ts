// A citizen's rating of a completed repair (issue 35, decision 0050): a file of its own, so the
// wizard's first load (which imports repair-requests.ts) does not carry it.
import * as z from 'zod/mini';
import { RATING_COMMENT_MAX } from '../constants.ts';
import { msg } from '../i18n/message-key.ts';
import { optionalText } from './fields.ts';

/**
 * A rating of a completed repair (issue 35): `token` is the tracking link's token or the
 * completion e-mail's rating token; a score 1–5 and an optional comment.
 */
export const rateRepairRequestSchema = z.object({
  token: z
    .string({ error: () => msg('public-drafts.validation.ratingToken.required') })
    .check(
      z.minLength(1, msg('public-drafts.validation.ratingToken.required')),
      z.maxLength(200, msg('public-drafts.validation.ratingToken.required')),
    ),
  score: z
    .number({ error: () => msg('public-drafts.validation.ratingScore.required') })
    .check(
      z.int(msg('public-drafts.validation.ratingScore.range')),
      z.gte(1, msg('public-drafts.validation.ratingScore.range')),
      z.lte(5, msg('public-drafts.validation.ratingScore.range')),
    ),
  comment: optionalText(RATING_COMMENT_MAX),
});
export type RateRepairRequestInput = z.input<typeof rateRepairRequestSchema>;
export type RateRepairRequest = z.output<typeof rateRepairRequestSchema>;
