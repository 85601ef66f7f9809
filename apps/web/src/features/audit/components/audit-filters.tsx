// The audit log's filters (account, kind, object, calendar days), checked when applied with
// the API's own auditFiltersSchema: a refused one shows under its field and nothing is asked;
// the rest go to the URL as typed, trimmed. Errors stay until the next try, the focus stays put.
import { AUDIT_FILTER_NAMES, auditFiltersSchema } from '@acende/shared/schemas/audit';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { messageKey } from '../../../lib/i18n-types.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuditAccounts } from '../api/get-audit-log.ts';

export type AuditDraft = Record<(typeof AUDIT_FILTER_NAMES)[number], string>;

export function AuditFiltersForm({
  filters,
  onApply,
  onClear,
}: {
  filters: AuditDraft;
  onApply: (next: AuditDraft) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const accounts = useAuditAccounts();
  const form = useForm<AuditDraft>({
    resolver: zodResolver(auditFiltersSchema, undefined, { raw: true }) as unknown as Resolver<AuditDraft>,
    defaultValues: filters,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = fieldBinder(form, 'audit');
  /** The control's registration, in the filters' compact size; its error (an audit.validation key) in words. */
  const bind = (name: keyof AuditDraft) => {
    const bound = field(name);
    return { ...bound, compact: true, error: bound.error ? t(messageKey(bound.error)) : undefined };
  };

  const apply = form.handleSubmit((values) =>
    onApply(Object.fromEntries(AUDIT_FILTER_NAMES.map((name) => [name, values[name].trim()])) as AuditDraft),
  );

  return (
    <form
      onSubmit={apply}
      aria-label={t('admin-access.audit.filters.title')}
      className="grid gap-3 rounded-theme border border-gray-300 p-3 sm:grid-cols-2 lg:grid-cols-3"
    >
      <SelectField
        label={t('admin-access.audit.filters.actor')}
        empty={t('admin-access.audit.filters.anyActor')}
        choices={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: `${a.username} (${a.name})` }))}
        {...bind('actorId')}
        id="audit-actor"
      />
      <TextField
        kind="verbatim"
        label={t('admin-access.audit.filters.kind')}
        hint={t('admin-access.audit.filters.kindHint')}
        {...bind('kind')}
      />
      <TextField kind="verbatim" label={t('admin-access.audit.filters.objectType')} {...bind('objectType')} />
      <TextField kind="verbatim" label={t('admin-access.audit.filters.objectId')} {...bind('objectId')} />
      <TextField
        type="date"
        label={t('admin-access.audit.filters.startDate')}
        {...bind('startDate')}
        id="audit-start"
      />
      <TextField type="date" label={t('admin-access.audit.filters.endDate')} {...bind('endDate')} id="audit-end" />
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit">{t('admin-access.audit.filters.apply')}</Button>
        <Button type="button" variant="secondary" onClick={onClear}>
          {t('admin-access.audit.filters.clear')}
        </Button>
      </div>
    </form>
  );
}
