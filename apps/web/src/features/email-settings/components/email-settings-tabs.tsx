// The settings form's three tabs (General, SMTP Server, Authentication) and their fields,
// bound to the page's form; the page decides which tab is open.
import { EMAIL_DEFAULT_PORT, EMAIL_SECURE_PORT } from '@acende/shared/constants';
import type { EmailSettingsInput } from '@acende/shared/schemas/email';
import * as Tabs from '@radix-ui/react-tabs';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';

export type EmailSettingsTab = 'general' | 'smtp' | 'auth';

const tabClass =
  'min-h-11 border-b-2 border-transparent px-3 py-2 font-medium text-gray-800 data-[state=active]:border-blue-700 data-[state=active]:text-blue-900 focus-visible:outline-3 focus-visible:outline-blue-700';

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

interface EmailSettingsTabsProps {
  form: UseFormReturn<EmailSettingsInput>;
  tab: EmailSettingsTab;
  onTabChange: (tab: EmailSettingsTab) => void;
}

export function EmailSettingsTabs({ form, tab, onTabChange }: EmailSettingsTabsProps) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const secure = form.watch('secure');
  const port = form.watch('port');
  const secureRegistration = form.register('secure');

  return (
    <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value as EmailSettingsTab)}>
      <Tabs.List aria-label={t('emailSettings.tabs.label')} className="mb-4 flex flex-wrap border-b border-gray-300">
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
          <div role="note" className="flex flex-wrap items-center gap-3 rounded-theme bg-amber-50 p-3 text-amber-950">
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
  );
}
