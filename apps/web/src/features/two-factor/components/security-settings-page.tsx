// /admin/security-settings (admins): whether two-factor sign-in is required for admins.
import { type SecuritySettings, securitySettingsSchema } from '@acende/shared/schemas/two-factor';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/field.tsx';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { useSettingsForm } from '../../../components/ui/settings-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSaveSecuritySettings, useSecuritySettings } from '../api/security-settings.ts';

export default function SecuritySettingsPage() {
  const { t } = useTranslation();
  const settings = useSecuritySettings();
  return (
    <QueryPage
      title={t('admin-access.securitySettings.title')}
      className="max-w-2xl gap-6"
      query={settings}
      errorMessage={errorMessage(settings.error, t('admin-access.securitySettings.error'))}
      retryLabel={t('admin-access.users.retry')}
    >
      {(initial) => <SecuritySettingsForm initial={initial} />}
    </QueryPage>
  );
}

function SecuritySettingsForm({ initial }: { initial: SecuritySettings }) {
  const { t } = useTranslation();
  const save = useSaveSecuritySettings();
  const { field, onSubmit } = useSettingsForm({
    schema: securitySettingsSchema,
    initial,
    save,
    savedTitle: t('admin-access.securitySettings.saved'),
    errorTitle: t('admin-access.securitySettings.error'),
    serverFields: ['requireTwoFactorForAdmins'],
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <CheckboxField
        label={t('admin-access.securitySettings.requireForAdmins')}
        hint={t('admin-access.securitySettings.requireHint')}
        {...field('requireTwoFactorForAdmins')}
      />
      <SubmitButton
        pending={save.isPending}
        pendingLabel={t('admin-access.securitySettings.saving')}
        className="justify-self-start"
      >
        {t('admin-access.securitySettings.save')}
      </SubmitButton>
    </form>
  );
}
