// The bulk action bar of the request lists (decision 0030): how many rows are selected (or
// "all matching the filter"), one change for all of them (status, assignee or company with a
// reason), and the summary of what changed and what was left as it was, row by row.
import { REQUEST_STATUSES } from '@acende/shared/enums';
import {
  type Assignee,
  type BulkChange,
  type BulkRepairRequestsInput,
  type BulkResult,
  bulkChangeSchema,
} from '@acende/shared/schemas/admin-requests';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { usePublicEnergyCompanies } from '../../lib/public-energy-companies.ts';
import { Button, SubmitButton } from '../ui/button.tsx';
import { SelectField, TextAreaField } from '../ui/field.tsx';
import { toast } from '../ui/toast.tsx';
import { useBulkChange } from './bulk-change.ts';

type Action = BulkChange['action'];

export interface BulkTarget {
  /** What the change is sent for: the selected rows, or the filter. */
  body: Pick<BulkRepairRequestsInput, 'items' | 'filter'>;
  /** How many requests that is, to say so. */
  count: number;
  allMatching: boolean;
}

export function BulkBar({
  target,
  onClear,
  onDone,
}: {
  target: BulkTarget;
  onClear: () => void;
  onDone: (result: BulkResult) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [action, setAction] = useState<Action>('status');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useBulkChange();
  const assignees = useQuery({
    queryKey: ['admin', 'assignees', 'all'],
    queryFn: () => apiRequest<Assignee[]>('GET', '/api/admin/assignees'),
    enabled: action === 'assignee',
    staleTime: 60_000,
  });
  const companies = usePublicEnergyCompanies();

  const choices =
    action === 'status'
      ? REQUEST_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))
      : action === 'assignee'
        ? [
            { value: 'none', label: t('operations.bulk.nobody') },
            ...(assignees.data ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.username})` })),
          ]
        : (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  const change = (): unknown => {
    if (action === 'status') return { action, status: value };
    if (action === 'assignee') return { action, assignedToId: value === 'none' ? null : value ? Number(value) : 0 };
    return { action, companyId: value ? Number(value) : 0, reason };
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = z.safeParse(bulkChangeSchema, change());
    if (!value || !checked.success) {
      const found: Record<string, string> = {};
      if (!value) found.value = 'operations.bulk.chooseValue';
      for (const issue of checked.success ? [] : checked.error.issues) {
        const field = issue.path[0] === 'reason' ? 'reason' : 'value';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    mutation.mutate(
      { change: checked.data, ...target.body },
      {
        onSuccess: (result) => {
          setReason('');
          onDone(result);
        },
        onError: (error) =>
          toast({
            title: t('operations.bulk.error'),
            description: errorMessage(error, ''),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <section
      aria-label={t('operations.bulk.bar')}
      className="grid gap-3 rounded-theme border border-blue-300 bg-blue-50 p-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-medium" aria-live="polite">
          {target.allMatching
            ? t('operations.bulk.allMatching', { count: target.count })
            : t('operations.bulk.selectedCount', { count: target.count })}
        </p>
        <Button variant="secondary" size="sm" onClick={onClear}>
          {t('operations.bulk.clearSelection')}
        </Button>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
        <SelectField
          id={`${id}-action`}
          compact
          label={t('operations.bulk.action')}
          value={action}
          choices={(['status', 'assignee', 'company'] as const).map((a) => ({
            value: a,
            label: t(`operations.bulk.actions.${a}`),
          }))}
          onChange={(event) => {
            setAction(event.target.value as Action);
            setValue('');
            setErrors({});
          }}
        />
        <SelectField
          id={`${id}-value`}
          compact
          label={t('operations.bulk.value')}
          required
          empty={t('operations.bulk.chooseValue')}
          choices={choices}
          value={value}
          error={errors.value}
          onChange={(event) => setValue(event.target.value)}
        />
        <SubmitButton pending={mutation.isPending} pendingLabel={t('operations.bulk.applying')}>
          {t('operations.bulk.apply')}
        </SubmitButton>
        {action === 'company' ? (
          <TextAreaField
            id={`${id}-reason`}
            className="sm:col-span-3"
            label={t('operations.bulk.reason')}
            hint={t('operations.transfer.reasonHint')}
            required
            rows={2}
            maxLength={500}
            value={reason}
            error={errors.reason}
            onChange={(event) => setReason(event.target.value)}
          />
        ) : null}
      </form>
    </section>
  );
}

/** What the last bulk change did: how many changed, and each row left as it was and why. */
export function BulkSummary({ result, onDismiss }: { result: BulkResult; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      role="status"
      aria-label={t('operations.bulk.summary')}
      className="grid gap-2 rounded-theme border border-gray-300 bg-gray-50 p-3"
      data-testid="bulk-summary"
    >
      <p className="font-medium">{t('operations.bulk.changed', { count: result.changed.length })}</p>
      {result.refused.length > 0 ? (
        <>
          <p>{t('operations.bulk.refused', { count: result.refused.length })}</p>
          <ul className="max-h-48 list-disc overflow-y-auto pl-6">
            {result.refused.map((row) => (
              <li key={row.id}>
                {t('operations.bulk.refusedRow', { id: row.id, reason: t(`operations.bulk.reasons.${row.reason}`) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div>
        <Button variant="secondary" size="sm" onClick={onDismiss}>
          {t('operations.bulk.dismiss')}
        </Button>
      </div>
    </section>
  );
}
