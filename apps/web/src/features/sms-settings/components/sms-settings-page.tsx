// /admin/sms-settings (issue 36): the SMS provider (Twilio or Zenvia), its account, token and sender, the daily cap
// per number, the address to give the provider for replies, and a test SMS to a number the
// admin types. The token never comes back: a placeholder stands for the saved one.
import {
  SMS_BASE_URLS,
  SMS_PROVIDERS,
  type SmsProvider,
  type SmsSettings,
  smsSettingsSchema,
} from '@acende/shared/schemas/sms';
import { TestSendForm } from '../../../components/admin/test-send-form.tsx';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { useSettingsForm } from '../../../components/ui/settings-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSaveSmsSettings, useSendTestSms, useSmsSettings } from '../api/sms-settings.ts';

const PROVIDER_NAMES: Record<SmsProvider, string> = { twilio: 'Twilio', zenvia: 'Zenvia' };

export default function SmsSettingsPage() {
  const { t } = useTranslation();
  const settings = useSmsSettings();
  return (
    <QueryPage
      title={t('admin-settings.sms.title')}
      description={t('admin-settings.sms.intro')}
      className="max-w-2xl gap-6"
      query={settings}
      errorMessage={errorMessage(settings.error, t('admin-settings.settings.loadError'))}
      retryLabel={t('admin-settings.settings.retry')}
    >
      {({ inboundUrl, inboundToken, ...initial }) => (
        <>
          <SmsForm initial={initial} />
          <section aria-labelledby="sms-inbound" className="grid gap-2">
            <h2 id="sms-inbound" className="font-heading text-lg font-semibold">
              {t('admin-settings.sms.inboundTitle')}
            </h2>
            <p>{t('admin-settings.sms.inboundIntro')}</p>
            <code data-testid="sms-inbound-url" className="break-all rounded-theme bg-gray-100 p-2">
              {inboundUrl}
            </code>
            {inboundToken ? (
              <>
                <p>{t('admin-settings.sms.inboundHeader')}</p>
                <code data-testid="sms-inbound-token" className="break-all rounded-theme bg-gray-100 p-2">
                  X-Acende-Webhook-Token: {inboundToken}
                </code>
              </>
            ) : null}
          </section>
          <TestSmsForm />
        </>
      )}
    </QueryPage>
  );
}

function SmsForm({ initial }: { initial: SmsSettings }) {
  const { t } = useTranslation();
  const save = useSaveSmsSettings();
  const { form, field, onSubmit } = useSettingsForm({
    schema: smsSettingsSchema,
    initial,
    save,
    savedTitle: t('admin-settings.sms.saved'),
    errorTitle: t('admin-settings.settings.saveError'),
  });
  const provider = form.watch('provider');
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <CheckboxField
        label={t('admin-settings.sms.enabled')}
        hint={t('admin-settings.sms.enabledHint')}
        {...field('enabled')}
      />
      <SelectField
        label={t('admin-settings.sms.provider')}
        choices={SMS_PROVIDERS.map((name) => ({ value: name, label: PROVIDER_NAMES[name] }))}
        {...field('provider', {
          // The provider's own address with it, unless one was typed for a proxy.
          onChange: (event) => {
            const typed = form.getValues('baseUrl');
            if (Object.values(SMS_BASE_URLS).includes(typed)) {
              form.setValue('baseUrl', SMS_BASE_URLS[event.target.value as SmsProvider]);
            }
          },
        })}
      />
      {provider === 'twilio' ? (
        <TextField
          label={t('admin-settings.sms.accountSid')}
          autoComplete="off"
          spellCheck={false}
          {...field('accountSid')}
        />
      ) : null}
      <TextField
        label={t('admin-settings.sms.token')}
        hint={t('admin-settings.sms.tokenHint')}
        type="password"
        autoComplete="new-password"
        {...field('token')}
      />
      <TextField
        label={t('admin-settings.sms.from')}
        hint={t(`admin-settings.sms.fromHint.${provider}`)}
        {...field('from')}
      />
      <TextField
        label={t('admin-settings.sms.dailyCap')}
        hint={t('admin-settings.sms.dailyCapHint')}
        kind="number"
        min={1}
        max={50}
        step={1}
        required
        {...field('dailyCap', { valueAsNumber: true })}
      />
      <TextField
        label={t('admin-settings.sms.baseUrl')}
        hint={t('admin-settings.sms.baseUrlHint')}
        {...field('baseUrl')}
      />
      <SubmitButton
        pending={save.isPending}
        pendingLabel={t('admin-settings.settings.saving')}
        className="justify-self-start"
      >
        {t('admin-settings.settings.save')}
      </SubmitButton>
    </form>
  );
}

function TestSmsForm() {
  const send = useSendTestSms();
  return (
    <TestSendForm
      id="sms"
      send={send}
      labels={{
        title: 'admin-settings.sms.testTitle',
        to: 'admin-settings.sms.testTo',
        language: 'admin-settings.sms.testLanguage',
        send: 'admin-settings.sms.sendTest',
        sending: 'admin-settings.sms.sending',
        failed: 'admin-settings.sms.testFailedShort',
        required: 'admin-settings.validation.sms.required',
      }}
    />
  );
}
