// "Criar ordem de serviço" in the request list's bulk bar: the work order form with the rows
// picked as its requests (no area map then). "All matching the filter" is not a list of ids
// the API takes, so it says to pick the rows instead.
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Button } from '../ui/button.tsx';
import { WorkOrderDialog } from './work-order-dialog.tsx';

export function CreateWorkOrderButton({
  requestIds,
  allMatching,
  onCreated,
}: {
  requestIds: number[];
  allMatching: boolean;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (allMatching) return <p className="text-sm">{t('admin-work.page.bulkAllMatching')}</p>;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {t('admin-work.page.bulkAction')}
      </Button>
      <WorkOrderDialog open={open} requestIds={requestIds} onClose={() => setOpen(false)} onCreated={onCreated} />
    </>
  );
}
