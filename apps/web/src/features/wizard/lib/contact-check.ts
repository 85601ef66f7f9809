// Step 1's check: the API's own contact schema, run on the raw values (the API trims and
// normalises on its side). It travels in the later steps' chunk, so zod is not part of
// the first load; the chunk is fetched while the citizen types.
import { contactSchema } from '@acende/shared/schemas/repair-requests';
import { brazilianMobile } from '@acende/shared/sms-number';
import type { ContactValues } from './wizard-state.ts';

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

/** The first message (a catalogue key) for each field the schema refuses; empty when all pass. */
export function contactErrors(values: ContactValues): ContactErrors {
  const result = contactSchema.safeParse(values);
  const errors: ContactErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as keyof ContactValues;
    errors[field] ??= issue.message;
  }
  // SMS and WhatsApp go to a mobile only: the API refuses the same (issue 36).
  if (values.notifySms && !errors.phone && !brazilianMobile(values.phone))
    errors.phone = 'public.errors.smsNeedsMobile';
  if (values.notifyWhatsapp && !errors.phone && !brazilianMobile(values.phone))
    errors.phone = 'public.errors.whatsappNeedsMobile';
  return errors;
}
