// /admin/email-settings: tabs General, SMTP Server and Authentication over one form,
// a connection test and a test e-mail with the settings as typed (saved or not). The
// SMTP password comes back as a placeholder, which the API reads as "unchanged".
import { EMAIL_DEFAULT_PORT, EMAIL_SECURE_PORT } from '@acende/shared/constants';
import type { Language } from '@acende/shared/enums';
import {
  type EmailSettingsInput,
  type EmailSettingsResponse,
  emailSettingsSchema,
  sendTestEmailSchema,
} from '@acende/shared/schemas/email';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass, TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useEmailSettings } from '../api/get-email-settings.ts';
import { useSaveEmailSettings } from '../api/save-email-settings.ts';
import { useSendTestEmail } from '../api/send-test-email.ts';
import { useTestEmailConnection } from '../api/test-email-connection.ts';

type Tab = 'general' | 'smtp' | 'auth';
const TAB_OF_FIELD: Record<string, Tab> = {
  enabled: 'general',
  from: 'general',
  host: 'smtp',
  port: 'smtp',
  secure: 'smtp',
  auth: 'auth',
};

export default function EmailSettingsPage() {
  const { t } = useTranslation();
  const settings = useEmailSettings();

  useEffect(() => {
    document.title = `${t('emailSettings.title')} · ${t('app.title')}`;
  }, [t]);
  useEffect(() => {
    if (settings.isError) {
      toast({
        title: t('emailSettings.toast.loadError'),
        description: errorMessage(settings.error, t('errors.generic')),
        variant: 'destructive',
      });
    }
  }, [settings.isError, settings.error, t]);

  return (
    <section className="max-w-2xl">
      <h1 className="mb-2 font-heading text-2xl font-bold">{t('emailSettings.title')}</h1>
      <p className="mb-6 text-gray-700">{t('emailSettings.description')}</p>
      {settings.isPending ? (
        <Spinner label={t('emailSettings.loading')} />
      ) : settings.isError ? (
        <div role="alert" className="grid gap-3 rounded-theme border border-red-700 bg-red-50 p-4 text-red-900">
          <p>{t('emailSettings.toast.loadError')}</p>
          <Button variant="secondary" className="justify-self-start" onClick={() => settings.refetch()}>
            {t('emailSettings.retry')}
          </Button>
        </div>
      ) : (
        <EmailSettingsForm initial={settings.data} />
      )}
    </section>
  );
}

function CheckboxField({
  id,
  label,
  hint,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5 accent-blue-700"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-gray-700">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
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
  const [tab, setTab] = useState<Tab>('general');
  const [testTo, setTestTo] = useState('');
  const [testToError, setTestToError] = useState<string>();
  const [testLanguage, setTestLanguage] = useState<Language>(currentLanguage());
  const save = useSaveEmailSettings();
  const testConnection = useTestEmailConnection();
  const sendTest = useSendTestEmail();
  const form = useForm<EmailSettingsInput>({
    resolver: zodResolver(emailSettingsSchema) as never,
    defaultValues: initial,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const secure = form.watch('secure');
  const port = form.watch('port');

  const showInvalid = (invalid: FieldErrors<EmailSettingsInput>) => {
    const field = firstErrorField(invalid);
    if (field && TAB_OF_FIELD[field]) setTab(TAB_OF_FIELD[field]);
    const required = hasMessage(invalid, 'validation.emailSettings.required');
    const badEmail = hasMessage(invalid, 'validation.emailSettings.invalidEmail');
    toast({
      title: required
        ? t('emailSettings.toast.fillRequired')
        : badEmail
          ? t('emailSettings.toast.invalidEmail')
          : t('emailSettings.toast.saveError'),
      variant: 'destructive',
    });
  };

  // The server asks for the password again when the saved one would go to another server,
  // port, security mode or user: show that on the Password field.
  const showServerFieldErrors = (error: unknown) => {
    const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
    const pass = fieldErrors?.['auth.pass'] ?? fieldErrors?.['settings.auth.pass'];
    if (pass) {
      form.setError('auth.pass', { message: pass });
      setTab('auth');
    }
  };

  const onSave = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: (saved) => {
          form.reset(saved);
          toast({ title: t('emailSettings.toast.saved'), variant: 'success' });
        },
        onError: (error) => {
          showServerFieldErrors(error);
          toast({
            title: t('emailSettings.toast.saveError'),
            description: errorMessage(error, t('errors.generic')),
            variant: 'destructive',
          });
        },
      }),
    showInvalid,
  );

  const onTestConnection = () => {
    const values = form.getValues();
    if (!values.host?.trim() || !Number.isFinite(values.port)) {
      if (!values.host?.trim()) form.setError('host', { message: 'validation.emailSettings.smtpRequired' });
      if (!Number.isFinite(values.port)) form.setError('port', { message: 'validation.emailSettings.smtpRequired' });
      setTab('smtp');
      toast({ title: t('emailSettings.toast.fillSmtp'), variant: 'destructive' });
      return;
    }
    testConnection.mutate(
      { settings: values },
      {
        onSuccess: () => toast({ title: t('emailSettings.toast.connectionOk'), variant: 'success' }),
        onError: (error) => {
          showServerFieldErrors(error);
          toast({
            title: t('emailSettings.toast.connectionError'),
            description: errorMessage(error, t('errors.generic')),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const onSendTest = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = { to: testTo, settings: form.getValues(), language: testLanguage };
    const parsed = z.safeParse(sendTestEmailSchema, payload);
    if (!parsed.success) {
      const toIssue = parsed.error.issues.find((issue) => issue.path[0] === 'to');
      if (toIssue) {
        setTestToError(toIssue.message);
        toast({ title: t('emailSettings.toast.invalidEmail'), variant: 'destructive' });
        return;
      }
      setTestToError(undefined);
      const smtpMissing = parsed.error.issues.some(
        (issue) => issue.message === 'validation.emailSettings.smtpRequired',
      );
      setTab(smtpMissing ? 'smtp' : 'general');
      toast({
        title: smtpMissing ? t('emailSettings.toast.fillSmtp') : t('emailSettings.toast.fillRequired'),
        variant: 'destructive',
      });
      return;
    }
    setTestToError(undefined);
    sendTest.mutate(payload, {
      onSuccess: () => toast({ title: t('emailSettings.toast.testSent'), variant: 'success' }),
      onError: (error) => {
        showServerFieldErrors(error);
        toast({
          title: t('emailSettings.toast.sendError'),
          description: errorMessage(error, t('errors.generic')),
          variant: 'destructive',
        });
      },
    });
  };

  const secureRegistration = form.register('secure');
  const tabClass =
    'min-h-11 border-b-2 border-transparent px-3 py-2 font-medium text-gray-800 data-[state=active]:border-blue-700 data-[state=active]:text-blue-900 focus-visible:outline-3 focus-visible:outline-blue-700';

  return (
    <div className="grid gap-8">
      <form noValidate onSubmit={onSave} className="grid gap-6">
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <Tabs.List
            aria-label={t('emailSettings.tabs.label')}
            className="mb-4 flex flex-wrap border-b border-gray-300"
          >
            <Tabs.Trigger value="general" className={tabClass}>
              {t('emailSettings.tabs.general')}
            </Tabs.Trigger>
            <Tabs.Trigger value="smtp" className={tabClass}>
              {t('emailSettings.tabs.smtp')}
            </Tabs.Trigger>
            <Tabs.Trigger value="auth" className={tabClass}>
              {t('emailSettings.tabs.auth')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="general" className="grid gap-4">
            <CheckboxField
              id="email-enabled"
              label={t('emailSettings.enabled')}
              hint={t('emailSettings.enabledHint')}
              {...form.register('enabled')}
            />
            <TextField
              id="email-from"
              label={t('emailSettings.from')}
              hint={t('emailSettings.fromHint')}
              autoComplete="off"
              placeholder="Acende <no-reply@example.com>"
              error={errors.from?.message}
              {...form.register('from')}
            />
          </Tabs.Content>
          <Tabs.Content value="smtp" className="grid gap-4">
            <TextField
              id="email-host"
              label={t('emailSettings.host')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="smtp.example.com"
              error={errors.host?.message}
              {...form.register('host')}
            />
            <TextField
              id="email-port"
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              label={t('emailSettings.port')}
              error={errors.port?.message}
              {...form.register('port', { valueAsNumber: true })}
            />
            <CheckboxField
              id="email-secure"
              label={t('emailSettings.secure')}
              hint={t('emailSettings.secureHint')}
              {...secureRegistration}
              onChange={(event) => {
                void secureRegistration.onChange(event);
                const current = form.getValues('port');
                if (event.target.checked && current === EMAIL_DEFAULT_PORT) form.setValue('port', EMAIL_SECURE_PORT);
                if (!event.target.checked && current === EMAIL_SECURE_PORT) form.setValue('port', EMAIL_DEFAULT_PORT);
              }}
            />
            {secure && port !== EMAIL_SECURE_PORT ? (
              <div
                role="note"
                className="flex flex-wrap items-center gap-3 rounded-theme bg-amber-50 p-3 text-amber-950"
              >
                <span>{t('emailSettings.suggestPort')}</span>
                <Button size="sm" variant="secondary" onClick={() => form.setValue('port', EMAIL_SECURE_PORT)}>
                  {t('emailSettings.usePort', { port: EMAIL_SECURE_PORT })}
                </Button>
              </div>
            ) : null}
          </Tabs.Content>
          <Tabs.Content value="auth" className="grid gap-4">
            <TextField
              id="email-user"
              label={t('emailSettings.user')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.auth?.user?.message}
              {...form.register('auth.user')}
            />
            <TextField
              id="email-pass"
              type="password"
              label={t('emailSettings.pass')}
              hint={t('emailSettings.passHint')}
              autoComplete="new-password"
              error={errors.auth?.pass?.message}
              {...form.register('auth.pass')}
            />
          </Tabs.Content>
        </Tabs.Root>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('emailSettings.saving') : t('emailSettings.save')}
          </Button>
          <Button variant="secondary" onClick={onTestConnection} disabled={testConnection.isPending}>
            {testConnection.isPending ? t('emailSettings.testing') : t('emailSettings.testConnection')}
          </Button>
        </div>
      </form>

      <form noValidate onSubmit={onSendTest} className="grid gap-4 rounded-theme border border-gray-200 p-4">
        <h2 className="font-heading text-lg font-semibold">{t('emailSettings.sendTestTitle')}</h2>
        <TextField
          id="email-test-to"
          type="email"
          label={t('emailSettings.testTo')}
          autoComplete="email"
          value={testTo}
          onChange={(event) => setTestTo(event.target.value)}
          error={testToError}
        />
        <div className="grid gap-1">
          <label htmlFor="email-test-language" className="font-medium">
            {t('emailSettings.testLanguage')}
          </label>
          <select
            id="email-test-language"
            className={inputClass}
            value={testLanguage}
            onChange={(event) => setTestLanguage(event.target.value === 'en' ? 'en' : 'pt')}
          >
            <option value="pt">{t('language.pt')}</option>
            <option value="en">{t('language.en')}</option>
          </select>
        </div>
        <Button type="submit" variant="secondary" className="justify-self-start" disabled={sendTest.isPending}>
          {sendTest.isPending ? t('emailSettings.sending') : t('emailSettings.sendTest')}
        </Button>
      </form>
    </div>
  );
}
