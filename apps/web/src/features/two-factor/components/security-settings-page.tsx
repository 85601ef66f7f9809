// /admin/security-settings (admins): whether two-factor sign-in is required for admins.
import { type SecuritySettings, securitySettingsSchema } from '@acende/shared/schemas/two-factor';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useSaveSecuritySettings, useSecuritySettings } from '../api/security-settings.ts';

export default function SecuritySettingsPage() {
  const { t } = useTranslation();
  const settings = useSecuritySettings();
  return (
    <QueryPage
      title={t('securitySettings.title')}
      className="max-w-2xl gap-6"
      query={settings}
      errorMessage={errorMessage(settings.error, t('securitySettings.error'))}
      retryLabel={t('users.retry')}
    >
      {(initial) => <SecuritySettingsForm initial={initial} />}
    </QueryPage>
  );
}

function SecuritySettingsForm({ initial }: { initial: SecuritySettings }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveSecuritySettings();
  const form = useForm<SecuritySettings>({
    resolver: zodResolver(securitySettingsSchema) as never,
    defaultValues: initial,
  });
  const field = fieldBinder(form, id);
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast({ title: t('securitySettings.saved'), variant: 'success' });
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, ['requireTwoFactorForAdmins']);
        toast({ title: t('securitySettings.error'), description: errorMessage(error, ''), variant: 'destructive' });
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <CheckboxField
        label={t('securitySettings.requireForAdmins')}
        hint={t('securitySettings.requireHint')}
        {...field('requireTwoFactorForAdmins')}
      />
      <SubmitButton pending={save.isPending} pendingLabel={t('securitySettings.saving')} className="justify-self-start">
        {t('securitySettings.save')}
      </SubmitButton>
    </form>
  );
}
