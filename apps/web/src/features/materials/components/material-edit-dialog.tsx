// Renaming a material or changing its unit in a small dialog, checked with the API's schema;
// "name taken" (409) shows under the name and the dialog stays open until the change goes through.
import { MATERIAL_NAME_MAX, type Material, materialPatchSchema } from '@acende/shared/schemas/crew';
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
import { useUpdateMaterial } from '../api/save-material.ts';

export function MaterialEditDialog({ material, onClose }: { material: Material; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateMaterial();
  const form = useForm<{ name: string; unit: string }>({
    resolver: zodResolver(materialPatchSchema, undefined, { raw: true }) as never,
    defaultValues: { name: material.name, unit: material.unit },
  });
  const field = fieldBinder(form, `edit-material${id}`);
  const submit = form.handleSubmit(({ name, unit }) =>
    update.mutate(
      { id: material.id, name, unit },
      {
        onSuccess: (saved) => {
          announceSaved(t('admin-access.materials.saved', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          if (applyServerErrors(error, form.setError, ['name', 'unit']).length > 0) return;
          form.setError('name', { message: errorMessage(error, t('admin-access.materials.changeError')) });
        },
      },
    ),
  );
  return (
    <FormDialog
      open
      title={t('admin-access.materials.editTitle')}
      submitLabel={t('admin-access.materials.save')}
      cancelLabel={t('admin-access.materials.cancel')}
      pending={update.isPending}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      <TextField label={t('admin-access.materials.name')} required maxLength={MATERIAL_NAME_MAX} {...field('name')} />
      <TextField label={t('admin-access.materials.unit')} required maxLength={20} {...field('unit')} />
    </FormDialog>
  );
}
