// The shape of every error answer of the API.
import * as z from 'zod/mini';

export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
  requestId: z.optional(z.string()),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
