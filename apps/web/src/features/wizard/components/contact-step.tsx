import { contactSchema } from '@acende/shared/schemas/repair-requests';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import type { ContactValues } from '../lib/wizard-state.ts';

/** Step 1: name, e-mail, phone (required), validated with the same schema as the API. */
export function ContactStep({
  defaultValues,
  onNext,
}: {
  defaultValues: ContactValues;
  onNext: (v: ContactValues) => void;
}) {
  const { t } = useTranslation();
  // raw: the wizard keeps what was typed; the API trims and normalises on its side.
  const form = useForm<ContactValues>({
    resolver: zodResolver(contactSchema, undefined, { raw: true }) as never,
    defaultValues,
  });
  const field = fieldBinder(form, 'contact');

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onNext(values))} className="grid gap-4">
      <TextField
        label={t('contact.name')}
        autoComplete="name"
        placeholder={t('contact.namePlaceholder')}
        {...field('name')}
      />
      <TextField
        label={t('contact.email')}
        kind="email"
        placeholder={t('contact.emailPlaceholder')}
        {...field('email')}
      />
      <TextField
        label={t('contact.phone')}
        hint={t('contact.phoneHint')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        placeholder={t('contact.phonePlaceholder')}
        {...field('phone')}
      />
      <Button type="submit" className="w-full">
        {t('wizard.next')}
      </Button>
    </form>
  );
}
