// The admin's "anonymise contact data" for one request (a citizen's request under LGPD,
// decision 0027), behind a confirmation; once done, when it was done.
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { useState } from 'react';
import { formatDateTime } from '../../../components/requests/format.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAnonymizeRequest } from '../api/anonymize-request.ts';

export function AnonymizeContact({ request, canAnonymize }: { request: AdminRequestDetail; canAnonymize: boolean }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  const anonymize = useAnonymizeRequest(request.id);

  if (request.anonymizedAt) {
    return (
      <p role="note" className="mt-3 text-sm text-gray-800" data-testid="anonymized-note">
        {t('admin-settings.operations.anonymize.anonymizedAt', {
          date: formatDateTime(request.anonymizedAt, i18n.language),
        })}
      </p>
    );
  }
  if (!canAnonymize) return null;
  return (
    <>
      <Button variant="secondary" className="mt-3" disabled={anonymize.isPending} onClick={() => setAsking(true)}>
        {t('admin-settings.operations.anonymize.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('admin-settings.operations.anonymize.title')}
        description={t('admin-settings.operations.anonymize.description')}
        confirmLabel={t('admin-settings.operations.anonymize.confirm')}
        cancelLabel={t('admin-settings.operations.anonymize.cancel')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          anonymize.mutate(undefined, {
            onSuccess: () => toast({ title: t('admin-settings.operations.anonymize.done'), variant: 'success' }),
            onError: (error) =>
              toast({
                title: t('admin-settings.settings.saveError'),
                description: errorMessage(error, ''),
                variant: 'destructive',
              }),
          });
        }}
      />
    </>
  );
}
