// The settings form's three tabs (General, SMTP Server, Authentication) and their fields,
// bound to the page's form; the page decides which tab is open.
import { EMAIL_DEFAULT_PORT, EMAIL_SECURE_PORT } from '@acende/shared/constants';
import type { EmailSettingsInput } from '@acende/shared/schemas/email';
import * as Tabs from '@radix-ui/react-tabs';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export type EmailSettingsTab = 'general' | 'smtp' | 'auth';

const tabClass =
  'min-h-11 border-b-2 border-transparent px-3 py-2 font-medium text-gray-800 data-[state=active]:border-blue-700 data-[state=active]:text-blue-900 focus-visible:outline-3 focus-visible:outline-blue-700';

interface EmailSettingsTabsProps {
  form: UseFormReturn<EmailSettingsInput>;
  tab: EmailSettingsTab;
  onTabChange: (tab: EmailSettingsTab) => void;
}

export function EmailSettingsTabs({ form, tab, onTabChange }: EmailSettingsTabsProps) {
  const { t } = useTranslation();
  const field = fieldBinder(form, 'email');
  const secure = field('secure');
  const port = form.watch('port');

  return (
    <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value as EmailSettingsTab)}>
      <Tabs.List
        aria-label={t('admin-email.emailSettings.tabs.label')}
        className="mb-4 flex flex-wrap border-b border-gray-300"
      >
        <Tabs.Trigger value="general" className={tabClass}>
          {t('admin-email.emailSettings.tabs.general')}
        </Tabs.Trigger>
        <Tabs.Trigger value="smtp" className={tabClass}>
          {t('admin-email.emailSettings.tabs.smtp')}
        </Tabs.Trigger>
        <Tabs.Trigger value="auth" className={tabClass}>
          {t('admin-email.emailSettings.tabs.auth')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="general" className="grid gap-4">
        <CheckboxField
          label={t('admin-email.emailSettings.enabled')}
          hint={t('admin-email.emailSettings.enabledHint')}
          {...field('enabled')}
        />
        <TextField
          label={t('admin-email.emailSettings.from')}
          hint={t('admin-email.emailSettings.fromHint')}
          autoComplete="off"
          placeholder="Acende <no-reply@example.com>"
          {...field('from')}
        />
      </Tabs.Content>
      <Tabs.Content value="smtp" className="grid gap-4">
        <TextField
          label={t('admin-email.emailSettings.host')}
          kind="verbatim"
          placeholder="smtp.example.com"
          {...field('host')}
        />
        <TextField
          label={t('admin-email.emailSettings.port')}
          kind="number"
          min={1}
          max={65535}
          {...field('port', { valueAsNumber: true })}
        />
        <CheckboxField
          label={t('admin-email.emailSettings.secure')}
          hint={t('admin-email.emailSettings.secureHint')}
          {...secure}
          onChange={(event) => {
            void secure.onChange(event);
            const current = form.getValues('port');
            if (event.target.checked && current === EMAIL_DEFAULT_PORT) form.setValue('port', EMAIL_SECURE_PORT);
            if (!event.target.checked && current === EMAIL_SECURE_PORT) form.setValue('port', EMAIL_DEFAULT_PORT);
          }}
        />
        {form.watch('secure') && port !== EMAIL_SECURE_PORT ? (
          <div role="note" className="flex flex-wrap items-center gap-3 rounded-theme bg-amber-50 p-3 text-amber-950">
            <span>{t('admin-email.emailSettings.suggestPort')}</span>
            <Button size="sm" variant="secondary" onClick={() => form.setValue('port', EMAIL_SECURE_PORT)}>
              {t('admin-email.emailSettings.usePort', { port: EMAIL_SECURE_PORT })}
            </Button>
          </div>
        ) : null}
      </Tabs.Content>
      <Tabs.Content value="auth" className="grid gap-4">
        <TextField label={t('admin-email.emailSettings.user')} kind="verbatim" {...field('auth.user')} />
        <TextField
          label={t('admin-email.emailSettings.pass')}
          hint={t('admin-email.emailSettings.passHint')}
          kind="new-password"
          {...field('auth.pass')}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
