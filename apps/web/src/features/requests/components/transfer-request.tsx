// "Not ours": the operator sends the request to another active company with a reason (sent to
// the citizen), in a dialog. The form checks with the route's own schema; a refusal of the
// server shows under its field, a stale read reloads the request. Once out of the caller's
// scope, the page goes back to the list.

import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { type TransferRepairRequestInput, transferRepairRequestSchema } from '@acende/shared/schemas/admin-requests';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { FormDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { usePublicEnergyCompanies } from '../../../lib/public-energy-companies.ts';
import { useTransferRequest } from '../api/transfer-request.ts';

type Errors = Partial<Record<'companyId' | 'reason', string>>;

export function TransferRequest({ request, onStale }: { request: AdminRequestDetail; onStale: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [companyId, setCompanyId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const companies = usePublicEnergyCompanies();
  const mutation = useTransferRequest(request.id);
  const choices = (companies.data ?? [])
    .filter((company) => company.id !== request.company.id)
    .map((company) => ({ value: String(company.id), label: company.name }));

  const close = () => {
    setOpen(false);
    setErrors({});
  };
  const submit = () => {
    const body: TransferRepairRequestInput = {
      companyId: companyId === '' ? 0 : Number(companyId),
      reason,
      updatedAt: request.updatedAt,
    };
    const checked = z.safeParse(transferRepairRequestSchema, body);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const target = choices.find((choice) => choice.value === companyId)?.label ?? '';
    mutation.mutate(body, {
      onSuccess: (result) => {
        close();
        setCompanyId('');
        setReason('');
        if (result.request) {
          toast({ title: t('operations.transfer.done', { company: target }), variant: 'success' });
        } else {
          toast({ title: t('operations.transfer.doneOutOfScope', { company: target }), variant: 'success' });
          void navigate('/admin/requests');
        }
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) {
          setErrors({ companyId: error.fieldErrors.companyId, reason: error.fieldErrors.reason });
        }
        toast({
          title: t('operations.transfer.error'),
          description: errorMessage(error, t('operations.detail.updateErrorDescription')),
          variant: 'destructive',
        });
        if (error instanceof ApiError && error.status === 409) {
          close();
          onStale();
        }
      },
    });
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('operations.transfer.button')}
      </Button>
      <FormDialog
        open={open}
        title={t('operations.transfer.title', { id: request.id })}
        description={t('operations.transfer.description')}
        submitLabel={t('operations.transfer.submit')}
        cancelLabel={t('operations.transfer.cancel')}
        pending={mutation.isPending}
        onSubmit={submit}
        onCancel={close}
      >
        <SelectField
          id="transfer-company"
          label={t('operations.transfer.company')}
          required
          empty={t('operations.transfer.chooseCompany')}
          choices={choices}
          value={companyId}
          error={errors.companyId}
          aria-busy={companies.isPending}
          onChange={(event) => setCompanyId(event.target.value)}
        />
        <TextAreaField
          id="transfer-reason"
          label={t('operations.transfer.reason')}
          hint={t('operations.transfer.reasonHint')}
          required
          rows={3}
          maxLength={500}
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormDialog>
    </>
  );
}
