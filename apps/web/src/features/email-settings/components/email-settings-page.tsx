// /admin/email-settings: tabs General, SMTP Server and Authentication over one form,
// a connection test and a test e-mail with the settings as typed (saved or not). The
// SMTP password comes back as a placeholder, which the API reads as "unchanged".
// The tabs' fields are in email-settings-tabs.tsx, the test e-mail in send-test-email-form.tsx.
import { type EmailSettingsInput, type EmailSettingsResponse, emailSettingsSchema } from '@acende/shared/schemas/email';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useEmailSettings } from '../api/get-email-settings.ts';
import { useSaveEmailSettings } from '../api/save-email-settings.ts';
import { useTestEmailConnection } from '../api/test-email-connection.ts';
import { type EmailSettingsTab, EmailSettingsTabs } from './email-settings-tabs.tsx';
import { SendTestEmailForm } from './send-test-email-form.tsx';

const TAB_OF_FIELD: Record<string, EmailSettingsTab> = {
  enabled: 'general',
  from: 'general',
  host: 'smtp',
  port: 'smtp',
  secure: 'smtp',
  auth: 'auth',
};

// The save names the password `auth.pass`; the connection test, which wraps the settings, `settings.auth.pass`.
const PASSWORD_PATHS = { 'auth.pass': 'auth.pass', 'settings.auth.pass': 'auth.pass' };

export default function EmailSettingsPage() {
  const { t } = useTranslation();
  const settings = useEmailSettings();

  useEffect(() => {
    if (settings.isError) {
      toast({
        title: t('admin-email.emailSettings.toast.loadError'),
        description: errorMessage(settings.error, t('common.errors.generic')),
        variant: 'destructive',
      });
    }
  }, [settings.isError, settings.error, t]);

  return (
    <QueryPage
      title={t('admin-email.emailSettings.title')}
      description={t('admin-email.emailSettings.description')}
      className="max-w-2xl gap-6"
      query={settings}
      errorMessage={t('admin-email.emailSettings.toast.loadError')}
      retryLabel={t('admin-email.emailSettings.retry')}
      loadingLabel={t('admin-email.emailSettings.loading')}
    >
      {(initial) => <EmailSettingsForm initial={initial} />}
    </QueryPage>
  );
}

function firstErrorField(errors: FieldErrors<EmailSettingsInput>): string | undefined {
  return Object.keys(errors)[0];
}

function hasMessage(errors: FieldErrors<EmailSettingsInput>, message: string): boolean {
  return JSON.stringify(errors, (key, value) => (key === 'ref' ? undefined : value)).includes(`"${message}"`);
}

function EmailSettingsForm({ initial }: { initial: EmailSettingsResponse }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<EmailSettingsTab>('general');
  const save = useSaveEmailSettings();
  const testConnection = useTestEmailConnection();
  const form = useForm<EmailSettingsInput>({
    resolver: zodResolver(emailSettingsSchema) as never,
    defaultValues: initial,
    shouldFocusError: false,
  });

  const showInvalid = (invalid: FieldErrors<EmailSettingsInput>) => {
    const field = firstErrorField(invalid);
    if (field && TAB_OF_FIELD[field]) setTab(TAB_OF_FIELD[field]);
    const required = hasMessage(invalid, 'admin-email.validation.emailSettings.required');
    const badEmail = hasMessage(invalid, 'admin-email.validation.emailSettings.invalidEmail');
    toast({
      title: required
        ? t('admin-email.emailSettings.toast.fillRequired')
        : badEmail
          ? t('admin-email.emailSettings.toast.invalidEmail')
          : t('admin-email.emailSettings.toast.saveError'),
      variant: 'destructive',
    });
  };

  // The server asks for the password again when the saved one would go to another server,
  // port, security mode or user: show that on the Password field.
  const showServerFieldErrors = (error: unknown) => {
    if (applyServerErrors(error, form.setError, PASSWORD_PATHS).length) setTab('auth');
  };

  const onSave = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: (saved) => {
          form.reset(saved);
          announceSaved(t('admin-email.emailSettings.toast.saved'));
        },
        onError: (error) => {
          showServerFieldErrors(error);
          toast({
            title: t('admin-email.emailSettings.toast.saveError'),
            description: errorMessage(error, t('common.errors.generic')),
            variant: 'destructive',
          });
        },
      }),
    showInvalid,
  );

  const onTestConnection = () => {
    const values = form.getValues();
    if (!values.host?.trim() || !Number.isFinite(values.port)) {
      if (!values.host?.trim()) form.setError('host', { message: 'admin-email.validation.emailSettings.smtpRequired' });
      if (!Number.isFinite(values.port))
        form.setError('port', { message: 'admin-email.validation.emailSettings.smtpRequired' });
      setTab('smtp');
      toast({ title: t('admin-email.emailSettings.toast.fillSmtp'), variant: 'destructive' });
      return;
    }
    testConnection.mutate(
      { settings: values },
      {
        onSuccess: () => toast({ title: t('admin-email.emailSettings.toast.connectionOk'), variant: 'success' }),
        onError: (error) => {
          showServerFieldErrors(error);
          toast({
            title: t('admin-email.emailSettings.toast.connectionError'),
            description: errorMessage(error, t('common.errors.generic')),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <div className="grid gap-8">
      <form noValidate onSubmit={onSave} className="grid gap-6">
        <EmailSettingsTabs form={form} tab={tab} onTabChange={setTab} />
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={save.isPending} pendingLabel={t('admin-email.emailSettings.saving')}>
            {t('admin-email.emailSettings.save')}
          </SubmitButton>
          <Button variant="secondary" onClick={onTestConnection} disabled={testConnection.isPending}>
            {testConnection.isPending
              ? t('admin-email.emailSettings.testing')
              : t('admin-email.emailSettings.testConnection')}
          </Button>
        </div>
      </form>

      <SendTestEmailForm
        settings={() => form.getValues()}
        onMissingSettings={setTab}
        onServerError={showServerFieldErrors}
      />
    </div>
  );
}
