// /admin/push-settings (decision 0063): browser notices on or off, the VAPID public key and
// subject the push services see, where the key pair comes from, how many browsers are
// subscribed, and a test notice to the admin's own browser. The private key never comes back.
import type { Language } from '@acende/shared/enums';
import { type PushSettings, pushSettingsSchema } from '@acende/shared/schemas/push';
import { useState } from 'react';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField } from '../../../components/ui/field.tsx';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { useSettingsForm } from '../../../components/ui/settings-form.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { PushDeniedError, pushSupported } from '../../../lib/web-push.ts';
import { usePushSettings, useSavePushSettings, useSendTestPush } from '../api/push-settings.ts';

export default function PushSettingsPage() {
  const { t } = useTranslation();
  const settings = usePushSettings();
  return (
    <QueryPage
      title={t('admin-settings.push.title')}
      description={t('admin-settings.push.intro')}
      className="max-w-2xl gap-6"
      query={settings}
      errorMessage={errorMessage(settings.error, t('admin-settings.settings.loadError'))}
      retryLabel={t('admin-settings.settings.retry')}
    >
      {({ enabled, publicKey, subject, keysFrom, subscriptions }) => (
        <>
          <PushForm initial={{ enabled }} />
          <section aria-labelledby="push-keys" className="grid gap-2">
            <h2 id="push-keys" className="font-heading text-lg font-semibold">
              {t('admin-settings.push.keysTitle')}
            </h2>
            <p>{t(`admin-settings.push.keysFrom.${keysFrom}`)}</p>
            <dl className="grid gap-2">
              <dt className="font-medium">{t('admin-settings.push.publicKey')}</dt>
              <dd>
                <code data-testid="push-public-key" className="block break-all rounded-theme bg-gray-100 p-2">
                  {publicKey}
                </code>
              </dd>
              <dt className="font-medium">{t('admin-settings.push.subject')}</dt>
              <dd className="break-all" data-testid="push-subject">
                {subject}
              </dd>
              <dt className="font-medium">{t('admin-settings.push.subscriptions')}</dt>
              <dd data-testid="push-subscriptions">{subscriptions}</dd>
            </dl>
          </section>
          <TestPushForm publicKey={publicKey} />
        </>
      )}
    </QueryPage>
  );
}

function PushForm({ initial }: { initial: PushSettings }) {
  const { t } = useTranslation();
  const save = useSavePushSettings();
  const { field, onSubmit } = useSettingsForm({
    schema: pushSettingsSchema,
    initial,
    save,
    savedTitle: t('admin-settings.push.saved'),
    errorTitle: t('admin-settings.settings.saveError'),
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <CheckboxField
        label={t('admin-settings.push.enabled')}
        hint={t('admin-settings.push.enabledHint')}
        {...field('enabled')}
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

function TestPushForm({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const send = useSendTestPush();
  const supported = pushSupported();
  return (
    <section aria-labelledby="push-test" className="grid gap-4">
      <h2 id="push-test" className="font-heading text-lg font-semibold">
        {t('admin-settings.push.testTitle')}
      </h2>
      {supported ? (
        <>
          <p>{t('admin-settings.push.testIntro')}</p>
          <SelectField
            id="push-test-language"
            label={t('admin-settings.push.testLanguage')}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Language)}
            choices={[
              { value: 'pt', label: 'Português' },
              { value: 'en', label: 'English' },
            ]}
          />
          <Button
            className="justify-self-start"
            disabled={send.isPending}
            onClick={() =>
              send.mutate(
                { publicKey, language },
                {
                  onSuccess: (answer) => toast({ title: answer.message, variant: 'success' }),
                  onError: (failure) =>
                    toast({
                      title: t('admin-settings.push.testFailedShort'),
                      description:
                        failure instanceof PushDeniedError
                          ? t('admin-settings.push.denied')
                          : errorMessage(failure, ''),
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            {send.isPending ? t('admin-settings.push.sending') : t('admin-settings.push.sendTest')}
          </Button>
        </>
      ) : (
        <p role="note">{t('admin-settings.push.unsupported')}</p>
      )}
    </section>
  );
}
