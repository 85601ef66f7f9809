// Reply templates (issue 23, decision 0031): an admin keeps, per status, a note in Portuguese
// and in English; the update form offers the chosen status's templates and the citizen's
// status e-mail carries the text in the citizen's language.
import * as z from 'zod/mini';
import { requiredText } from './fields.ts';
import { requestStatusSchema } from './repair-requests.ts';

/** As long as an update's notes may be (updateRepairRequestSchema): a template fills them. */
export const REPLY_TEMPLATE_TEXT_MAX = 2000;
export const REPLY_TEMPLATE_NAME_MAX = 100;

export const replyTemplateInputSchema = z.object({
  name: requiredText('admin-templates.validation.replyTemplate.nameRequired', REPLY_TEMPLATE_NAME_MAX),
  status: requestStatusSchema,
  textPt: requiredText('admin-templates.validation.replyTemplate.textPtRequired', REPLY_TEMPLATE_TEXT_MAX),
  textEn: requiredText('admin-templates.validation.replyTemplate.textEnRequired', REPLY_TEMPLATE_TEXT_MAX),
});
export type ReplyTemplateInput = z.input<typeof replyTemplateInputSchema>;
export type ReplyTemplateValues = z.output<typeof replyTemplateInputSchema>;

export const replyTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: requestStatusSchema,
  textPt: z.string(),
  textEn: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;
