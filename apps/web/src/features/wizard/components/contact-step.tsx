import { contactSchema } from '@acende/shared/schemas/repair-requests';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { messageKey } from '../../../lib/i18n-types.ts';
import type { ContactValues } from '../lib/wizard-state.ts';
import { fieldClass } from './field-class.ts';

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
  const { errors } = form.formState;
  const error = (key?: string) => (key ? t(messageKey(key)) : undefined);

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onNext(values))} className="grid gap-4">
      <div className="grid gap-1">
        <label htmlFor="contact-name" className="font-medium">
          {t('contact.name')}
        </label>
        <input
          id="contact-name"
          autoComplete="name"
          placeholder={t('contact.namePlaceholder')}
          className={fieldClass}
          {...form.register('name')}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor="contact-email" className="font-medium">
          {t('contact.email')}
        </label>
        <input
          id="contact-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('contact.emailPlaceholder')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'contact-email-error' : undefined}
          className={fieldClass}
          {...form.register('email')}
        />
        {errors.email ? (
          <p id="contact-email-error" className="text-sm text-red-700">
            {error(errors.email.message)}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1">
        <label htmlFor="contact-phone" className="font-medium">
          {t('contact.phone')}{' '}
          <span className="text-red-700" aria-hidden="true">
            *
          </span>
          <span className="sr-only"> ({t('contact.required')})</span>
        </label>
        <input
          id="contact-phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          placeholder={t('contact.phonePlaceholder')}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errors.phone ? 'contact-phone-hint contact-phone-error' : 'contact-phone-hint'}
          className={fieldClass}
          {...form.register('phone')}
        />
        <p id="contact-phone-hint" className="text-sm text-gray-700">
          {t('contact.phoneHint')}
        </p>
        {errors.phone ? (
          <p id="contact-phone-error" className="text-sm text-red-700">
            {error(errors.phone.message)}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full">
        {t('wizard.next')}
      </Button>
    </form>
  );
}
