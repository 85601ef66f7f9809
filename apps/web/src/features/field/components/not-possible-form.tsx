// "Não foi possível": why (no access, needs a lift truck, not our network) and, when the pole
// is not the company's, which company the crew thinks it is, proposed to the office as a transfer.
import { CREW_NOTES_MAX } from '@acende/shared/schemas/crew';
import { NOT_POSSIBLE_REASONS, type NotPossibleReason } from '@acende/shared/schemas/work-orders';
import { type FormEvent, useState } from 'react';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { FieldError, SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export interface NotPossibleInput {
  kind: 'not_possible';
  reason: NotPossibleReason;
  notes: string | null;
  proposedCompanyId: number | null;
}

export function NotPossibleForm({
  companies,
  onCancel,
  onSubmit,
}: {
  companies: { id: number; name: string }[];
  onCancel: () => void;
  onSubmit: (input: NotPossibleInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<NotPossibleReason | null>(null);
  const [company, setCompany] = useState('');
  const [notes, setNotes] = useState('');
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const missing = checked && reason === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (reason === null) return;
    setPending(true);
    await onSubmit({
      kind: 'not_possible',
      reason,
      notes: notes.trim() || null,
      proposedCompanyId: reason === 'not_ours' && company ? Number(company) : null,
    });
    setPending(false);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
      aria-labelledby="campo-not-possible"
    >
      <h4 id="campo-not-possible" className="text-lg font-bold">
        {t('field-app.notPossible.title')}
      </h4>
      <fieldset className="grid gap-2" aria-describedby={missing ? 'campo-reason-error' : undefined}>
        <legend className="mb-1 font-medium">{t('field-app.notPossible.reason')}</legend>
        {NOT_POSSIBLE_REASONS.map((value) => (
          <label
            key={value}
            className={cn(
              'flex min-h-14 cursor-pointer items-center gap-3 rounded-theme border-2 px-3 text-lg',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blue-700',
              reason === value ? 'border-blue-900 bg-blue-50 font-semibold' : 'border-gray-700',
            )}
          >
            <input
              type="radio"
              name="campo-reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className="size-6 accent-blue-900"
            />
            {t(`field-app.notPossible.reasons.${value}`)}
          </label>
        ))}
        <FieldError id="campo-reason-error" error={missing ? t('field-app.notPossible.reasonRequired') : undefined} />
      </fieldset>
      {reason === 'not_ours' ? (
        <SelectField
          id="campo-company"
          label={t('field-app.notPossible.company')}
          hint={t('field-app.notPossible.companyHint')}
          empty={t('field-app.notPossible.companyUnknown')}
          choices={companies.map((entry) => ({ value: entry.id, label: entry.name }))}
          value={company}
          onChange={(event) => setCompany(event.target.value)}
          className="[&_select]:min-h-12"
        />
      ) : null}
      <TextAreaField
        id="campo-not-possible-notes"
        label={t('field-app.notPossible.notes')}
        optional
        rows={3}
        maxLength={CREW_NOTES_MAX}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <SubmitButton className="min-h-14 text-lg" pending={pending} pendingLabel={t('common.app.loading')}>
          {t('field-app.notPossible.submit')}
        </SubmitButton>
        <Button variant="secondary" className="min-h-14" onClick={onCancel}>
          {t('field-app.actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
