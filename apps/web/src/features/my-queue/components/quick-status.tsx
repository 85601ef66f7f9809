// Not on react-hook-form (issue 34): one select of valid statuses applied per row, nothing the client could refuse.
// One row's quick status change: pick a status, apply. The row's updatedAt goes along,
// so a change made meanwhile by someone else is refused rather than overwritten.
import { REQUEST_STATUSES, type RequestStatus } from '@acende/shared/enums';
import type { AdminRequestListItem } from '@acende/shared/schemas/admin-requests';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChangeStatus } from '../api/change-status.ts';

export function QuickStatus({ item }: { item: AdminRequestListItem }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<RequestStatus>(item.status);
  const mutation = useChangeStatus();
  const selectId = `quick-status-${item.id}`;
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(
          { id: item.id, status, updatedAt: item.updatedAt },
          {
            onSuccess: () => toast({ title: t('admin-operations.operations.detail.updated'), variant: 'success' }),
            onError: (error) =>
              toast({
                title: t('admin-operations.operations.detail.updateError'),
                description: errorMessage(error, t('admin-operations.operations.detail.updateErrorDescription')),
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      <label htmlFor={selectId} className="sr-only">
        {t('admin-operations.operations.queue.quickStatus', { id: item.id })}
      </label>
      <select
        id={selectId}
        value={status}
        onChange={(event) => setStatus(event.target.value as RequestStatus)}
        className="rounded-theme border border-gray-500 bg-white px-2 py-1 text-sm"
      >
        {REQUEST_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`common.status.${value}`)}
          </option>
        ))}
      </select>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={mutation.isPending || status === item.status}
        aria-label={t('admin-operations.operations.queue.applyFor', { id: item.id })}
      >
        {t('admin-operations.operations.queue.apply')}
      </Button>
    </form>
  );
}
