// "Not ours": the operator sends the request to another active company with a reason (sent to
// the citizen), in a dialog. The form checks with the route's own schema; a refusal of the
// server shows under its field, a stale read reloads the request. Once out of the caller's
// scope, the page goes back to the list.

import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { transferRepairRequestSchema } from '@acende/shared/schemas/admin-requests';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { usePublicEnergyCompanies } from '../../../lib/public-energy-companies.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useTransferRequest } from '../api/transfer-request.ts';

interface TransferForm {
  companyId: string;
  reason: string;
}

export function TransferRequest({ request, onStale }: { request: AdminRequestDetail; onStale: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const toBody = (values: TransferForm) => ({
    companyId: values.companyId === '' ? 0 : Number(values.companyId),
    reason: values.reason,
    updatedAt: request.updatedAt,
  });
  // Checked when sent, as before: errors stay until the next try, and the focus stays put.
  const form = useForm<TransferForm>({
    resolver: payloadResolver(transferRepairRequestSchema, toBody),
    defaultValues: { companyId: '', reason: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = fieldBinder(form, 'transfer');
  const companies = usePublicEnergyCompanies();
  const mutation = useTransferRequest(request.id);
  const choices = (companies.data ?? [])
    .filter((company) => company.id !== request.company.id)
    .map((company) => ({ value: String(company.id), label: company.name }));

  const close = () => {
    setOpen(false);
    form.clearErrors();
  };
  const submit = form.handleSubmit((values) => {
    const target = choices.find((choice) => choice.value === values.companyId)?.label ?? '';
    mutation.mutate(toBody(values), {
      onSuccess: (result) => {
        close();
        form.reset();
        if (result.request) {
          toast({ title: t('admin-operations.operations.transfer.done', { company: target }), variant: 'success' });
        } else {
          toast({
            title: t('admin-operations.operations.transfer.doneOutOfScope', { company: target }),
            variant: 'success',
          });
          void navigate('/admin/requests');
        }
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, ['companyId', 'reason']);
        toast({
          title: t('admin-operations.operations.transfer.error'),
          description: errorMessage(error, t('admin-operations.operations.detail.updateErrorDescription')),
          variant: 'destructive',
        });
        if (error instanceof ApiError && error.status === 409) {
          close();
          onStale();
        }
      },
    });
  });

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('admin-operations.operations.transfer.button')}
      </Button>
      <FormDialog
        open={open}
        title={t('admin-operations.operations.transfer.title', { id: request.id })}
        description={t('admin-operations.operations.transfer.description')}
        submitLabel={t('admin-operations.operations.transfer.submit')}
        cancelLabel={t('admin-operations.operations.transfer.cancel')}
        pending={mutation.isPending}
        onSubmit={() => void submit()}
        onCancel={close}
      >
        <SelectField
          label={t('admin-operations.operations.transfer.company')}
          required
          empty={t('admin-operations.operations.transfer.chooseCompany')}
          choices={choices}
          aria-busy={companies.isPending}
          {...field('companyId')}
          id="transfer-company"
        />
        <TextAreaField
          label={t('admin-operations.operations.transfer.reason')}
          hint={t('admin-operations.operations.transfer.reasonHint')}
          required
          rows={3}
          maxLength={500}
          {...field('reason')}
          id="transfer-reason"
        />
      </FormDialog>
    </>
  );
}
