// The test e-mail: one message to the address typed here, in the chosen language, sent
// with the settings form's values as they stand (saved or not).
import type { Language } from '@acende/shared/enums';
import { type EmailSettingsInput, sendTestEmailSchema } from '@acende/shared/schemas/email';
import { useState } from 'react';
import * as z from 'zod/mini';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSendTestEmail } from '../api/send-test-email.ts';
import type { EmailSettingsTab } from './email-settings-tabs.tsx';

interface SendTestEmailFormProps {
  /** The settings form's values at the moment of sending. */
  settings: () => EmailSettingsInput;
  /** Opens the tab holding what the settings still lack. */
  onMissingSettings: (tab: EmailSettingsTab) => void;
  /** Puts the server's field errors (the password) on the settings form. */
  onServerError: (error: unknown) => void;
}

export function SendTestEmailForm({ settings, onMissingSettings, onServerError }: SendTestEmailFormProps) {
  const { t } = useTranslation();
  const [testTo, setTestTo] = useState('');
  const [testToError, setTestToError] = useState<string>();
  const [testLanguage, setTestLanguage] = useState<Language>(currentLanguage());
  const sendTest = useSendTestEmail();

  const onSendTest = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = { to: testTo, settings: settings(), language: testLanguage };
    const parsed = z.safeParse(sendTestEmailSchema, payload);
    if (!parsed.success) {
      const toIssue = parsed.error.issues.find((issue) => issue.path[0] === 'to');
      if (toIssue) {
        setTestToError(toIssue.message);
        toast({ title: t('admin-email.emailSettings.toast.invalidEmail'), variant: 'destructive' });
        return;
      }
      setTestToError(undefined);
      const smtpMissing = parsed.error.issues.some(
        (issue) => issue.message === 'admin-email.validation.emailSettings.smtpRequired',
      );
      onMissingSettings(smtpMissing ? 'smtp' : 'general');
      toast({
        title: smtpMissing
          ? t('admin-email.emailSettings.toast.fillSmtp')
          : t('admin-email.emailSettings.toast.fillRequired'),
        variant: 'destructive',
      });
      return;
    }
    setTestToError(undefined);
    sendTest.mutate(payload, {
      onSuccess: () => toast({ title: t('admin-email.emailSettings.toast.testSent'), variant: 'success' }),
      onError: (error) => {
        onServerError(error);
        toast({
          title: t('admin-email.emailSettings.toast.sendError'),
          description: errorMessage(error, t('common.errors.generic')),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSendTest} className="grid gap-4 rounded-theme border border-gray-200 p-4">
      <h2 className="font-heading text-lg font-semibold">{t('admin-email.emailSettings.sendTestTitle')}</h2>
      <TextField
        id="email-test-to"
        label={t('admin-email.emailSettings.testTo')}
        kind="email"
        value={testTo}
        onChange={(event) => setTestTo(event.target.value)}
        error={testToError}
      />
      <SelectField
        id="email-test-language"
        label={t('admin-email.emailSettings.testLanguage')}
        value={testLanguage}
        onChange={(event) => setTestLanguage(event.target.value === 'en' ? 'en' : 'pt')}
      >
        <option value="pt">{t('common.language.pt')}</option>
        <option value="en">{t('common.language.en')}</option>
      </SelectField>
      <SubmitButton
        pending={sendTest.isPending}
        pendingLabel={t('admin-email.emailSettings.sending')}
        variant="secondary"
        className="justify-self-start"
      >
        {t('admin-email.emailSettings.sendTest')}
      </SubmitButton>
    </form>
  );
}
