// The update form: new status (one of the four, required), assignee (kept unless changed)
// and notes, sent with the updatedAt that was read so a concurrent change is not overwritten.
// A reply template of the chosen status fills the notes (decision 0031); its id goes with
// the update so the citizen's e-mail carries the template's text in the citizen's language.
import { REQUEST_STATUSES, type RequestStatus } from '@acende/shared/enums';
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useReplyTemplates } from '../../../lib/reply-templates.ts';
import { useAssignees } from '../api/get-assignees.ts';
import { useUpdateRequest } from '../api/update-request.ts';

export function UpdateRequestForm({ request, onStale }: { request: AdminRequestDetail; onStale: () => void }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<RequestStatus | ''>(request.status);
  const [assignee, setAssignee] = useState(request.assignedToId ? String(request.assignedToId) : '');
  const [notes, setNotes] = useState('');
  const [statusError, setStatusError] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState('');
  const templates = useReplyTemplates();
  const offered = (templates.data ?? []).filter((template) => template.status === status);
  const assignees = useAssignees(request.company.id, true);
  const mutation = useUpdateRequest(request.id);

  // A fresh read (after saving or reloading) resets the form to what is stored.
  useEffect(() => {
    setStatus(request.status);
    setAssignee(request.assignedToId ? String(request.assignedToId) : '');
  }, [request.status, request.assignedToId]);

  const options = assignees.data ?? [];
  const currentMissing = request.assignedToId !== null && !options.some((option) => option.id === request.assignedToId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!status) {
      setStatusError(t('validation.status.required'));
      return;
    }
    setStatusError(null);
    const assignedToId = assignee === '' ? null : Number(assignee);
    mutation.mutate(
      {
        status,
        // Unchanged assignee is not sent: the server keeps it.
        ...(assignedToId !== request.assignedToId ? { assignedToId } : {}),
        notes: notes.trim() || undefined,
        ...(templateId ? { templateId: Number(templateId) } : {}),
        updatedAt: request.updatedAt,
      },
      {
        onSuccess: () => {
          setNotes('');
          setTemplateId('');
          toast({ title: t('operations.detail.updated'), variant: 'success' });
        },
        onError: (error) => {
          toast({
            title: t('operations.detail.updateError'),
            description: errorMessage(error, t('operations.detail.updateErrorDescription')),
            variant: 'destructive',
          });
          if (error instanceof ApiError && error.status === 409) onStale();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="update-title">
      <h2 id="update-title" className="font-heading text-xl font-semibold">
        {t('operations.detail.update')}
      </h2>
      <SelectField
        id="update-status"
        label={t('operations.detail.newStatus')}
        required
        value={status}
        error={statusError ?? undefined}
        onChange={(event) => {
          setStatus(event.target.value as RequestStatus);
          // A template belongs to one status.
          setTemplateId('');
        }}
      >
        {REQUEST_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`status.${value}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="update-assignee"
        label={t('operations.detail.assigneeField')}
        value={assignee}
        onChange={(event) => setAssignee(event.target.value)}
        aria-busy={assignees.isPending}
      >
        <option value="">{t('operations.detail.keepAssignee')}</option>
        {currentMissing ? <option value={String(request.assignedToId)}>{request.assignedTo}</option> : null}
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name} ({option.username})
          </option>
        ))}
      </SelectField>
      {offered.length > 0 ? (
        <SelectField
          id="update-template"
          label={t('replyTemplates.pick')}
          hint={t('replyTemplates.pickHint')}
          value={templateId}
          onChange={(event) => {
            const chosen = offered.find((template) => String(template.id) === event.target.value);
            setTemplateId(chosen ? String(chosen.id) : '');
            if (chosen) setNotes(i18n.language === 'en' ? chosen.textEn : chosen.textPt);
          }}
          empty={t('replyTemplates.pickNone')}
          choices={offered.map((template) => ({ value: String(template.id), label: template.name }))}
        />
      ) : null}
      <TextAreaField
        id="update-notes"
        label={t('operations.detail.notesField')}
        hint={t('operations.detail.notesHint')}
        rows={4}
        maxLength={2000}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      <div>
        <SubmitButton pending={mutation.isPending} pendingLabel={t('operations.detail.saving')}>
          {t('operations.detail.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
