// /admin/captcha-settings: on/off, the service (ALTCHA by default, or Turnstile,
// reCAPTCHA v2, hCaptcha with their keys); the secret key is never shown.
import {
  CAPTCHA_PROVIDERS,
  type CaptchaSettingsInput,
  type CaptchaSettingsView,
  captchaSettingsSchema,
} from '@acende/shared/schemas/captcha';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField, FieldError, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCaptchaSettings, useSaveCaptchaSettings } from '../api/captcha-settings.ts';

interface FormValues {
  enabled: boolean;
  provider: CaptchaSettingsInput['provider'];
  siteKey: string;
  secretKey: string;
}

export default function CaptchaSettingsPage() {
  const { t } = useTranslation();
  const settings = useCaptchaSettings();

  return (
    <QueryPage
      title={t('admin-settings.settings.captcha.title')}
      description={t('admin-settings.settings.captcha.description')}
      className="max-w-2xl gap-6"
      query={settings}
      errorMessage={errorMessage(settings.error, t('admin-settings.settings.loadError'))}
      retryLabel={t('admin-settings.settings.retry')}
    >
      {(initial) => <CaptchaForm initial={initial} />}
    </QueryPage>
  );
}

const toForm = (view: CaptchaSettingsView): FormValues => ({
  enabled: view.enabled,
  provider: view.provider,
  siteKey: view.siteKey ?? '',
  secretKey: view.secretKey ?? '',
});

function CaptchaForm({ initial }: { initial: CaptchaSettingsView }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveCaptchaSettings();
  const form = useForm<FormValues>({
    resolver: zodResolver(captchaSettingsSchema as never) as never,
    defaultValues: toForm(initial),
  });
  const { errors } = form.formState;
  const field = fieldBinder(form, id);
  const provider = form.watch('provider');

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        announceSaved(t('admin-settings.settings.saved'));
      },
      onError: (error) => {
        applyServerErrors(error, form.setError);
        toast({
          title: t('admin-settings.settings.saveError'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <>
      {initial.disabledByEnvironment ? (
        <p role="status" className="rounded-theme border border-amber-700 bg-amber-50 p-3 text-amber-950">
          {t('admin-settings.settings.captcha.disabledByEnvironment')}
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <CheckboxField label={t('admin-settings.settings.captcha.enabled')} {...field('enabled')} />
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">{t('admin-settings.settings.captcha.provider')}</legend>
          {CAPTCHA_PROVIDERS.map((name) => (
            <div key={name} className="flex items-center gap-2">
              <input id={`${id}-${name}`} type="radio" value={name} className="size-5" {...form.register('provider')} />
              <label htmlFor={`${id}-${name}`}>{t(`admin-settings.settings.captcha.providers.${name}`)}</label>
            </div>
          ))}
          <FieldError error={errors.provider?.message} />
        </fieldset>
        {provider === 'altcha' ? (
          <p className="text-sm text-gray-700">{t('admin-settings.settings.captcha.altchaHint')}</p>
        ) : (
          <div className="grid gap-4">
            <TextField label={t('admin-settings.settings.captcha.siteKey')} kind="verbatim" {...field('siteKey')} />
            <TextField
              label={t('admin-settings.settings.captcha.secretKey')}
              hint={t('admin-settings.settings.captcha.secretKeyHint')}
              kind="new-password"
              {...field('secretKey')}
            />
          </div>
        )}
        <SubmitButton
          pending={save.isPending}
          pendingLabel={t('admin-settings.settings.saving')}
          className="justify-self-start"
        >
          {t('admin-settings.settings.save')}
        </SubmitButton>
      </form>
    </>
  );
}
