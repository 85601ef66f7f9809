// /admin/repair-targets: the repair target per problem type, in hours, and the companies'
// own targets in place of it (decision 0029). Saved targets apply to requests filed afterwards.
import { PROBLEM_TYPES } from '@acende/shared/enums';
import { type RepairTargets, repairTargetsSchema } from '@acende/shared/schemas/repair-targets';
import { useFieldArray } from 'react-hook-form';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { useSettingsForm } from '../../../components/ui/settings-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRepairTargets, useSaveRepairTargets, useTargetCompanies } from '../api/repair-targets.ts';

export default function RepairTargetsPage() {
  const { t } = useTranslation();
  const targets = useRepairTargets();

  return (
    <QueryPage
      title={t('admin-settings.settings.repairTargets.title')}
      description={t('admin-settings.settings.repairTargets.intro')}
      className="max-w-3xl gap-6"
      query={targets}
      errorMessage={errorMessage(targets.error, t('admin-settings.settings.loadError'))}
      retryLabel={t('admin-settings.settings.retry')}
    >
      {(initial) => <TargetsForm initial={initial} />}
    </QueryPage>
  );
}

function TargetsForm({ initial }: { initial: RepairTargets }) {
  const { t } = useTranslation();
  const save = useSaveRepairTargets();
  const companies = useTargetCompanies();
  const { form, field, onSubmit } = useSettingsForm({
    schema: repairTargetsSchema,
    initial,
    save,
    savedTitle: t('admin-settings.settings.repairTargets.saved'),
    errorTitle: t('admin-settings.settings.saveError'),
  });
  const overrides = useFieldArray({ control: form.control, name: 'overrides' });
  const companyChoices = (companies.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const typeChoices = PROBLEM_TYPES.map((value) => ({ value, label: t(`common.problemType.${value}`) }));
  const listError = form.formState.errors.overrides?.message ?? form.formState.errors.overrides?.root?.message;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-heading text-lg font-semibold">
          {t('admin-settings.settings.repairTargets.defaults')}
        </legend>
        {PROBLEM_TYPES.map((type) => (
          <TextField
            key={type}
            label={t(`common.problemType.${type}`)}
            hint={t('admin-settings.settings.repairTargets.hoursHint')}
            kind="number"
            min={1}
            max={8760}
            step={1}
            required
            {...field(`defaults.${type}`, { valueAsNumber: true })}
          />
        ))}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 font-heading text-lg font-semibold">
          {t('admin-settings.settings.repairTargets.companyTargets')}
        </legend>
        {companies.isError ? <p role="alert">{t('admin-settings.settings.repairTargets.companiesError')}</p> : null}
        {overrides.fields.length === 0 ? <p>{t('admin-settings.settings.repairTargets.noCompanyTargets')}</p> : null}
        {overrides.fields.map((row, index) => (
          <div
            key={row.id}
            className="grid items-end gap-3 rounded-theme border border-gray-200 p-3 sm:grid-cols-[1fr_1fr_8rem_auto]"
          >
            <SelectField
              label={t('admin-settings.settings.repairTargets.company')}
              choices={companyChoices}
              required
              {...field(`overrides.${index}.companyId`, { valueAsNumber: true })}
            />
            <SelectField
              label={t('admin-settings.settings.repairTargets.problemType')}
              choices={typeChoices}
              required
              {...field(`overrides.${index}.problemType`)}
            />
            <TextField
              label={t('admin-settings.settings.repairTargets.hours')}
              kind="number"
              min={1}
              max={8760}
              step={1}
              required
              {...field(`overrides.${index}.hours`, { valueAsNumber: true })}
            />
            <Button
              variant="secondary"
              aria-label={t('admin-settings.settings.repairTargets.removeOf', { n: index + 1 })}
              onClick={() => overrides.remove(index)}
            >
              {t('admin-settings.settings.repairTargets.remove')}
            </Button>
          </div>
        ))}
        {listError ? (
          <p role="alert" className="text-red-800">
            {t(listError as 'admin-settings.settings.repairTargets.title')}
          </p>
        ) : null}
        <Button
          variant="secondary"
          className="justify-self-start"
          disabled={companyChoices.length === 0}
          onClick={() =>
            overrides.append({
              companyId: companyChoices[0]?.value ?? 0,
              problemType: 'FALLEN_POLE',
              hours: initial.defaults.FALLEN_POLE,
            })
          }
        >
          {t('admin-settings.settings.repairTargets.add')}
        </Button>
      </fieldset>

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
