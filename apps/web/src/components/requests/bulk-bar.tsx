// The bulk action bar of the request lists (decision 0030): how many rows are selected (or
// "all matching the filter"), one change for all of them (status, assignee or company with a
// reason), and the summary of what changed and what was left as it was, row by row.
import { REQUEST_STATUSES } from '@acende/shared/enums';
import {
  type BulkChange,
  type BulkRepairRequestsInput,
  type BulkResult,
  bulkChangeSchema,
} from '@acende/shared/schemas/admin-requests';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client.ts';
import { usePublicEnergyCompanies } from '../../lib/public-energy-companies.ts';
import { assigneeQueries } from '../../lib/query-keys/admin-requests.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { Button, SubmitButton } from '../ui/button.tsx';
import { SelectField, TextAreaField } from '../ui/field.tsx';
import { fieldBinder, payloadResolver } from '../ui/form-binding.ts';
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

interface BulkForm {
  action: Action;
  /** The status, assignee ('none': nobody) or company chosen. */
  value: string;
  reason: string;
}

/** The change the form describes, as the API takes it. */
const toChange = ({ action, value, reason }: BulkForm): unknown => {
  if (action === 'status') return { action, status: value };
  if (action === 'assignee') return { action, assignedToId: value === 'none' ? null : value ? Number(value) : 0 };
  return { action, companyId: value ? Number(value) : 0, reason };
};

/** Checked with the route's schema when sent (errors stay until the next try); nothing chosen says so first. */
function useBulkForm() {
  const { t } = useTranslation();
  const checkChange = payloadResolver<BulkForm>(bulkChangeSchema, toChange, (path) =>
    path === 'reason' ? 'reason' : 'value',
  );
  const resolver: Resolver<BulkForm> = async (values, context, options) => {
    const result = await checkChange(values, context, options);
    if (values.value !== '') return result;
    const value = { type: 'required', message: t('admin-operations.operations.bulk.chooseValue') };
    return { values: {}, errors: { ...result.errors, value } };
  };
  return useForm<BulkForm>({
    resolver,
    defaultValues: { action: 'status', value: '', reason: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
}

/** The values a change may take: the statuses, the assignees (loaded when asked for) or the companies. */
function useBulkChoices(action: Action) {
  const { t } = useTranslation();
  const assignees = useQuery({ ...assigneeQueries.any(), enabled: action === 'assignee' });
  const companies = usePublicEnergyCompanies();
  return action === 'status'
    ? REQUEST_STATUSES.map((status) => ({ value: status, label: t(`common.status.${status}`) }))
    : action === 'assignee'
      ? [
          { value: 'none', label: t('admin-operations.operations.bulk.nobody') },
          ...(assignees.data ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.username})` })),
        ]
      : (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
}

export function BulkBar({
  target,
  onClear,
  onDone,
  extra,
}: {
  target: BulkTarget;
  onClear: () => void;
  onDone: (result: BulkResult) => void;
  /** More that the page does with the selection (make a work order of it), beside "clear". */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useBulkForm();
  const field = fieldBinder(form, id);
  const action = form.watch('action');
  const mutation = useBulkChange();
  const choices = useBulkChoices(action);

  const submit = form.handleSubmit((values) =>
    mutation.mutate({ change: bulkChangeSchema.parse(toChange(values)), ...target.body } as BulkRepairRequestsInput, {
      onSuccess: (result) => {
        form.setValue('reason', '');
        onDone(result);
      },
      onError: (error) =>
        toast({
          title: t('admin-operations.operations.bulk.error'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <section
      aria-label={t('admin-operations.operations.bulk.bar')}
      className="grid gap-3 rounded-theme border border-blue-300 bg-blue-50 p-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-medium" aria-live="polite">
          {target.allMatching
            ? t('admin-operations.operations.bulk.allMatching', { count: target.count })
            : t('admin-operations.operations.bulk.selectedCount', { count: target.count })}
        </p>
        <Button variant="secondary" size="sm" onClick={onClear}>
          {t('admin-operations.operations.bulk.clearSelection')}
        </Button>
        {extra}
      </div>
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
        <SelectField
          compact
          label={t('admin-operations.operations.bulk.action')}
          choices={(['status', 'assignee', 'company'] as const).map((a) => ({
            value: a,
            label: t(`admin-operations.operations.bulk.actions.${a}`),
          }))}
          {...field('action', {
            onChange: () => {
              form.setValue('value', '');
              form.clearErrors();
            },
          })}
        />
        <SelectField
          compact
          label={t('admin-operations.operations.bulk.value')}
          required
          empty={t('admin-operations.operations.bulk.chooseValue')}
          choices={choices}
          {...field('value')}
        />
        <SubmitButton pending={mutation.isPending} pendingLabel={t('admin-operations.operations.bulk.applying')}>
          {t('admin-operations.operations.bulk.apply')}
        </SubmitButton>
        {action === 'company' ? (
          <TextAreaField
            className="sm:col-span-3"
            label={t('admin-operations.operations.bulk.reason')}
            hint={t('admin-operations.operations.transfer.reasonHint')}
            required
            rows={2}
            maxLength={500}
            {...field('reason')}
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
      aria-label={t('admin-operations.operations.bulk.summary')}
      className="grid gap-2 rounded-theme border border-gray-300 bg-gray-50 p-3"
      data-testid="bulk-summary"
    >
      <p className="font-medium">{t('admin-operations.operations.bulk.changed', { count: result.changed.length })}</p>
      {result.refused.length > 0 ? (
        <>
          <p>{t('admin-operations.operations.bulk.refused', { count: result.refused.length })}</p>
          <ul className="max-h-48 list-disc overflow-y-auto pl-6">
            {result.refused.map((row) => (
              <li key={row.id}>
                {t('admin-operations.operations.bulk.refusedRow', {
                  id: row.id,
                  reason: t(`admin-operations.operations.bulk.reasons.${row.reason}`),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div>
        <Button variant="secondary" size="sm" onClick={onDismiss}>
          {t('admin-operations.operations.bulk.dismiss')}
        </Button>
      </div>
    </section>
  );
}
