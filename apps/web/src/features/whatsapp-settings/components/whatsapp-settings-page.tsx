// /admin/whatsapp-settings (issue 36): Meta's WhatsApp Cloud API — the business number's ID, the
// access token and app secret, the Graph API's address and version, the daily cap per number,
// the webhook's callback URL and verify token to give Meta, and a test message to a number the
// admin types. The secrets never come back: a placeholder stands for each saved one.
import { type WhatsappSettings, whatsappSettingsSchema } from '@acende/shared/schemas/whatsapp';
import { TestSendForm } from '../../../components/admin/test-send-form.tsx';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/field.tsx';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { useSettingsForm } from '../../../components/ui/settings-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSaveWhatsappSettings, useSendTestWhatsapp, useWhatsappSettings } from '../api/whatsapp-settings.ts';

export default function WhatsappSettingsPage() {
  const { t } = useTranslation();
  const settings = useWhatsappSettings();
  const send = useSendTestWhatsapp();
  return (
    <QueryPage
      title={t('admin-settings.whatsapp.title')}
      description={t('admin-settings.whatsapp.intro')}
      className="max-w-2xl gap-6"
      query={settings}
      errorMessage={errorMessage(settings.error, t('admin-settings.settings.loadError'))}
      retryLabel={t('admin-settings.settings.retry')}
    >
      {({ webhookUrl, verifyToken, ...initial }) => (
        <>
          <WhatsappForm initial={initial} />
          <section aria-labelledby="whatsapp-webhook" className="grid gap-2">
            <h2 id="whatsapp-webhook" className="font-heading text-lg font-semibold">
              {t('admin-settings.whatsapp.webhookTitle')}
            </h2>
            <p>{t('admin-settings.whatsapp.webhookIntro')}</p>
            <dl className="grid gap-2">
              <dt className="font-medium">{t('admin-settings.whatsapp.webhookUrl')}</dt>
              <dd>
                <code data-testid="whatsapp-webhook-url" className="block break-all rounded-theme bg-gray-100 p-2">
                  {webhookUrl}
                </code>
              </dd>
              <dt className="font-medium">{t('admin-settings.whatsapp.verifyToken')}</dt>
              <dd>
                <code data-testid="whatsapp-verify-token" className="block break-all rounded-theme bg-gray-100 p-2">
                  {verifyToken}
                </code>
              </dd>
            </dl>
          </section>
          <TestSendForm
            id="whatsapp"
            send={send}
            labels={{
              title: 'admin-settings.whatsapp.testTitle',
              intro: 'admin-settings.whatsapp.testIntro',
              to: 'admin-settings.whatsapp.testTo',
              language: 'admin-settings.whatsapp.testLanguage',
              send: 'admin-settings.whatsapp.sendTest',
              sending: 'admin-settings.whatsapp.sending',
              failed: 'admin-settings.whatsapp.testFailedShort',
              required: 'admin-settings.validation.whatsapp.required',
            }}
          />
        </>
      )}
    </QueryPage>
  );
}

function WhatsappForm({ initial }: { initial: WhatsappSettings }) {
  const { t } = useTranslation();
  const save = useSaveWhatsappSettings();
  const { field, onSubmit } = useSettingsForm({
    schema: whatsappSettingsSchema,
    initial,
    save,
    savedTitle: t('admin-settings.whatsapp.saved'),
    errorTitle: t('admin-settings.settings.saveError'),
  });
  const secret = { type: 'password', autoComplete: 'new-password', hint: t('admin-settings.whatsapp.secretHint') };
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <CheckboxField
        label={t('admin-settings.whatsapp.enabled')}
        hint={t('admin-settings.whatsapp.enabledHint')}
        {...field('enabled')}
      />
      <TextField
        label={t('admin-settings.whatsapp.phoneNumberId')}
        hint={t('admin-settings.whatsapp.phoneNumberIdHint')}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        {...field('phoneNumberId')}
      />
      <TextField label={t('admin-settings.whatsapp.accessToken')} {...secret} {...field('accessToken')} />
      <TextField label={t('admin-settings.whatsapp.appSecret')} {...secret} {...field('appSecret')} />
      <TextField
        label={t('admin-settings.whatsapp.dailyCap')}
        hint={t('admin-settings.whatsapp.dailyCapHint')}
        kind="number"
        min={1}
        max={50}
        step={1}
        required
        {...field('dailyCap', { valueAsNumber: true })}
      />
      <TextField
        label={t('admin-settings.whatsapp.baseUrl')}
        hint={t('admin-settings.whatsapp.baseUrlHint')}
        {...field('baseUrl')}
      />
      <TextField label={t('admin-settings.whatsapp.apiVersion')} spellCheck={false} {...field('apiVersion')} />
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
