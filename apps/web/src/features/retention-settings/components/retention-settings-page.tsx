// /admin/retention-settings: after how many months the contact data of completed or
// cancelled requests is anonymised, and how long the audit log is kept (decision 0027).
import { type RetentionSettings, retentionSettingsSchema } from '@acende/shared/schemas/retention';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { useSettingsForm } from '../../../components/ui/settings-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRetentionSettings, useSaveRetentionSettings } from '../api/retention-settings.ts';

export default function RetentionSettingsPage() {
  const { t } = useTranslation();
  const settings = useRetentionSettings();

  return (
    <QueryPage
      title={t('admin-settings.settings.retention.title')}
      description={t('admin-settings.settings.retention.intro')}
      className="max-w-2xl gap-6"
      query={settings}
      errorMessage={errorMessage(settings.error, t('admin-settings.settings.loadError'))}
      retryLabel={t('admin-settings.settings.retry')}
    >
      {(initial) => <RetentionForm initial={initial} />}
    </QueryPage>
  );
}

function RetentionForm({ initial }: { initial: RetentionSettings }) {
  const { t } = useTranslation();
  const save = useSaveRetentionSettings();
  const { field, onSubmit } = useSettingsForm({
    schema: retentionSettingsSchema,
    initial,
    save,
    savedTitle: t('admin-settings.settings.retention.saved'),
    errorTitle: t('admin-settings.settings.saveError'),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <TextField
        label={t('admin-settings.settings.retention.months')}
        hint={t('admin-settings.settings.retention.monthsHint')}
        kind="number"
        min={1}
        max={120}
        step={1}
        required
        {...field('retentionMonths', { valueAsNumber: true })}
      />
      <TextField
        label={t('admin-settings.settings.retention.auditMonths')}
        hint={t('admin-settings.settings.retention.auditMonthsHint')}
        kind="number"
        min={12}
        max={240}
        step={1}
        required
        {...field('auditRetentionMonths', { valueAsNumber: true })}
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
