// Not on react-hook-form (issue 34): step 1 is on the citizen's first load, kept without the form library by decision 0024.
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ContactErrors } from '../lib/contact-check.ts';
import { loadLaterSteps } from '../lib/later-steps-loader.ts';
import type { ContactValues } from '../lib/wizard-state.ts';

const FIELDS = ['name', 'email', 'phone'] as const;
// A refused Next has already loaded the later steps' chunk (the check), which brings the summary.
const StepErrors = lazy(() => loadLaterSteps().then((m) => ({ default: m.StepErrors })));

/**
 * Step 1: name, e-mail, phone (required), checked with the same schema as the API. A
 * plain form (no form library) keeps the first load small: the check comes with the
 * later steps' chunk. A refused Next puts GOV.UK's error summary at the top, with the focus
 * (its links lead to the fields); after it, each change is checked again.
 */
export function ContactStep({
  defaultValues,
  onDraft,
  onNext,
  onErrors,
  smsOffered = false,
  whatsappOffered = false,
}: {
  defaultValues: ContactValues;
  /** The SMS box shows only while the service sends SMS (GET /api/site, issue 36). */
  smsOffered?: boolean;
  /** The WhatsApp box, likewise (issue 36). */
  whatsappOffered?: boolean;
  /** Whether the error summary shows (the page's title says "Erro: " meanwhile). */
  onErrors?: (shown: boolean) => void;
  /** Keeps what was typed (in the wizard's session storage) before anything that may reload the page. */
  onDraft?: (v: ContactValues) => void;
  onNext: (v: ContactValues) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<ContactErrors>({});
  // Refused attempts: each moves focus to the summary; after the first, each change is checked.
  const [attempt, setAttempt] = useState(0);

  const check = async (next: ContactValues) => (await loadLaterSteps()).contactErrors(next);

  const change = (name: (typeof FIELDS)[number]) => (event: { target: { value: string } }) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    if (attempt > 0) check(next).then(setErrors, () => {});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A box no longer shown (a channel turned off since a draft ticked it) asks for nothing.
    const given = {
      ...values,
      notifySms: smsOffered ? values.notifySms : undefined,
      notifyWhatsapp: whatsappOffered ? values.notifyWhatsapp : undefined,
    };
    // The check comes with the later steps' chunk; a weak signal may fail it (once, the page
    // reloads to fetch a new version): what was typed is kept first, and a failure is said.
    onDraft?.(given);
    let found: ContactErrors;
    try {
      found = await check(given);
    } catch {
      toast({ title: t('public.contact.checkFailed'), variant: 'destructive' });
      return;
    }
    setErrors(found);
    if (FIELDS.some((name) => found[name])) setAttempt((count) => count + 1);
    else onNext(given);
  };

  const tick = (name: 'notifySms' | 'notifyWhatsapp') => (event: { target: { checked: boolean } }) => {
    const next = { ...values, [name]: event.target.checked };
    setValues(next);
    if (attempt > 0) check(next).then(setErrors, () => {});
  };

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: change(name),
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {attempt > 0 ? (
        <Suspense fallback={null}>
          <StepErrors
            errors={FIELDS.flatMap((name) => {
              const message = errors[name];
              return message ? [{ message, target: `contact-${name}` }] : [];
            })}
            attempt={attempt}
            onShown={onErrors}
          />
        </Suspense>
      ) : null}
      <TextField label={t('public.contact.name')} autoComplete="name" optional {...field('name')} />
      <TextField label={t('public.contact.email')} kind="email" optional {...field('email')} />
      <TextField
        label={t('public.contact.phone')}
        hint={t('public.contact.phoneHint')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        placeholder={t('public.contact.phonePlaceholder')}
        {...field('phone')}
      />
      {whatsappOffered ? (
        <CheckboxField
          id="contact-notifyWhatsapp"
          name="notifyWhatsapp"
          label={t('public.contact.notifyWhatsapp')}
          hint={t('public.contact.notifyWhatsappHint')}
          checked={values.notifyWhatsapp === true}
          onChange={tick('notifyWhatsapp')}
        />
      ) : null}
      {smsOffered ? (
        <CheckboxField
          id="contact-notifySms"
          name="notifySms"
          label={t('public.contact.notifySms')}
          hint={t('public.contact.notifySmsHint')}
          checked={values.notifySms === true}
          onChange={tick('notifySms')}
        />
      ) : null}
      <Button type="submit" className="w-full">
        {t('public.wizard.next')}
      </Button>
    </form>
  );
}
