// Renaming a crew in a small dialog: the name checked with the API's schema, "name taken"
// (409) shown under it, the dialog open until the rename goes through.
import { CREW_NAME_MAX, type Crew, crewPatchSchema } from '@acende/shared/schemas/work-orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/ui/alert-dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useUpdateCrew } from '../api/update-crew.ts';

export function CrewRenameDialog({ crew, onClose }: { crew: Crew; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateCrew();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(crewPatchSchema, undefined, { raw: true }) as never,
    defaultValues: { name: crew.name },
  });
  const field = fieldBinder(form, `rename${id}`);
  const submit = form.handleSubmit(({ name }) =>
    update.mutate(
      { id: crew.id, name },
      {
        onSuccess: (saved) => {
          announceSaved(t('admin-work.page.crews.renamed', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          if (applyServerErrors(error, form.setError, ['name']).length > 0) return;
          form.setError('name', { message: errorMessage(error, t('admin-work.page.crews.changeError')) });
        },
      },
    ),
  );
  return (
    <FormDialog
      open
      title={t('admin-work.page.crews.renameTitle', { name: crew.name })}
      submitLabel={t('admin-work.page.crews.save')}
      cancelLabel={t('admin-work.page.crews.cancel')}
      pending={update.isPending}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      <TextField label={t('admin-work.page.crews.name')} required maxLength={CREW_NAME_MAX} {...field('name')} />
    </FormDialog>
  );
}
