// The update form: new status (one of the four, required), assignee (kept unless changed)
// and notes, sent with the updatedAt that was read so a concurrent change is not overwritten.
// A reply template of the chosen status fills the notes (decision 0031); its id goes with
// the update so the citizen's e-mail carries the template's text in the citizen's language.
// Checked with the route's own schema when sent, as before: errors stay until the next try.
import { REQUEST_STATUSES, type RequestStatus } from '@acende/shared/enums';
import {
  type AdminRequestDetail,
  type UpdateRepairRequestInput,
  updateRepairRequestSchema,
} from '@acende/shared/schemas/admin-requests';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useReplyTemplates } from '../../../lib/reply-templates.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAssignees } from '../api/get-assignees.ts';
import { useUpdateRequest } from '../api/update-request.ts';

interface UpdateForm {
  status: RequestStatus | '';
  /** The assignee's id, '' to keep the stored one. */
  assignee: string;
  /** The reply template's id, '' for none. */
  template: string;
  notes: string;
}

/** The payload's names for the form's fields, where they differ. */
const FIELD_OF: Record<string, keyof UpdateForm> = { assignedToId: 'assignee', templateId: 'template' };

function useUpdateForm(request: AdminRequestDetail) {
  const stored = { status: request.status, assignee: request.assignedToId ? String(request.assignedToId) : '' };
  const toBody = (values: UpdateForm): UpdateRepairRequestInput => {
    const assignedToId = values.assignee === '' ? null : Number(values.assignee);
    return {
      status: values.status as RequestStatus,
      // Unchanged assignee is not sent: the server keeps it.
      ...(assignedToId !== request.assignedToId ? { assignedToId } : {}),
      notes: values.notes.trim() || undefined,
      ...(values.template ? { templateId: Number(values.template) } : {}),
      updatedAt: request.updatedAt,
    };
  };
  const form = useForm<UpdateForm>({
    resolver: payloadResolver(
      updateRepairRequestSchema,
      toBody,
      (path) => FIELD_OF[path] ?? (path as keyof UpdateForm),
    ),
    defaultValues: { ...stored, template: '', notes: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  // A fresh read (after saving or reloading) resets the form to what is stored.
  useEffect(() => {
    form.setValue('status', request.status);
    form.setValue('assignee', request.assignedToId ? String(request.assignedToId) : '');
  }, [form, request.status, request.assignedToId]);

  return { form, toBody };
}

export function UpdateRequestForm({ request, onStale }: { request: AdminRequestDetail; onStale: () => void }) {
  const { t, i18n } = useTranslation();
  const { form, toBody } = useUpdateForm(request);
  const field = fieldBinder(form, 'update');
  const status = form.watch('status');
  const templates = useReplyTemplates();
  const offered = (templates.data ?? []).filter((template) => template.status === status);
  const assignees = useAssignees(request.company.id, true);
  const mutation = useUpdateRequest(request.id);

  const options = assignees.data ?? [];
  const currentMissing = request.assignedToId !== null && !options.some((option) => option.id === request.assignedToId);

  const submit = form.handleSubmit((values) =>
    mutation.mutate(toBody(values), {
      onSuccess: () => {
        form.setValue('notes', '');
        form.setValue('template', '');
        announceSaved(t('admin-operations.operations.detail.updated'));
      },
      onError: (error) => {
        toast({
          title: t('admin-operations.operations.detail.updateError'),
          description: errorMessage(error, t('admin-operations.operations.detail.updateErrorDescription')),
          variant: 'destructive',
        });
        if (error instanceof ApiError && error.status === 409) onStale();
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="update-title">
      <h2 id="update-title" className="font-heading text-xl font-semibold">
        {t('admin-operations.operations.detail.update')}
      </h2>
      {/* A template belongs to one status. */}
      <SelectField
        label={t('admin-operations.operations.detail.newStatus')}
        required
        {...field('status', { onChange: () => form.setValue('template', '') })}
      >
        {REQUEST_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`common.status.${value}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('admin-operations.operations.detail.assigneeField')}
        aria-busy={assignees.isPending}
        {...field('assignee')}
      >
        <option value="">{t('admin-operations.operations.detail.keepAssignee')}</option>
        {currentMissing ? <option value={String(request.assignedToId)}>{request.assignedTo}</option> : null}
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name} ({option.username})
          </option>
        ))}
      </SelectField>
      {offered.length > 0 ? (
        <SelectField
          label={t('admin-templates.replyTemplates.pick')}
          hint={t('admin-templates.replyTemplates.pickHint')}
          empty={t('admin-templates.replyTemplates.pickNone')}
          choices={offered.map((template) => ({ value: String(template.id), label: template.name }))}
          {...field('template', {
            onChange: (event: { target: { value: string } }) => {
              const chosen = offered.find((template) => String(template.id) === event.target.value);
              if (chosen) form.setValue('notes', i18n.language === 'en' ? chosen.textEn : chosen.textPt);
            },
          })}
        />
      ) : null}
      <TextAreaField
        label={t('admin-operations.operations.detail.notesField')}
        hint={t('admin-operations.operations.detail.notesHint')}
        rows={4}
        maxLength={2000}
        {...field('notes')}
      />
      <div>
        <SubmitButton pending={mutation.isPending} pendingLabel={t('admin-operations.operations.detail.saving')}>
          {t('admin-operations.operations.detail.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
