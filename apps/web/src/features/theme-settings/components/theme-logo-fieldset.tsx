// The theme form's logo: an address, or a file uploaded at once (type and size checked
// first) whose address fills the field; an uploaded logo can be removed.
import { LOGO_MAX_BYTES, LOGO_TYPES } from '@acende/shared/schemas/theme';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRemoveLogo, useUploadLogo } from '../api/upload-logo.ts';
import type { ThemeField, ThemeFormApi } from './use-theme-form.ts';

export function LogoFieldset({ id, form, field }: { id: string; form: ThemeFormApi; field: ThemeField }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const logoUrl = form.watch('logoUrl');
  const refuse = (description: string) =>
    toast({ title: t('admin-settings.settings.theme.logoUploadError'), description, variant: 'destructive' });

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return refuse(t('admin-settings.validation.logo.type'));
    if (file.size > LOGO_MAX_BYTES) return refuse(t('admin-settings.validation.logo.tooLarge'));
    upload.mutate(file, {
      onSuccess: ({ logoUrl: uploaded }) => {
        form.setValue('logoUrl', uploaded, { shouldDirty: true });
        announceSaved(t('admin-settings.settings.theme.logoUploaded'));
      },
      onError: (error) => refuse(errorMessage(error, '')),
    });
  };

  const removeUploaded = () =>
    remove.mutate(undefined, {
      onSuccess: () => form.setValue('logoUrl', '', { shouldDirty: true }),
      onError: (error) =>
        toast({
          title: t('admin-settings.settings.saveError'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        }),
    });

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-heading text-lg font-semibold">{t('admin-settings.settings.theme.logo')}</legend>
      <TextField
        label={t('admin-settings.settings.theme.logoUrl')}
        hint={t('admin-settings.settings.theme.logoUrlHint')}
        inputMode="url"
        {...field('logoUrl')}
      />
      <div className="grid gap-1">
        <label htmlFor={`${id}-file`} className="font-medium">
          {t('admin-settings.settings.theme.logoUpload')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={LOGO_TYPES.join(',')}
          aria-describedby={`${id}-file-hint`}
          disabled={upload.isPending}
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
          className="text-sm file:mr-3 file:min-h-11 file:rounded-theme file:border file:border-gray-400 file:bg-white file:px-3"
        />
        <p id={`${id}-file-hint`} className="text-sm text-gray-700">
          {t('admin-settings.settings.theme.logoUploadHint')}
        </p>
      </div>
      {logoUrl?.startsWith('/api/theme/logo') ? (
        <Button
          variant="secondary"
          size="sm"
          className="justify-self-start"
          onClick={removeUploaded}
          disabled={remove.isPending}
        >
          {t('admin-settings.settings.theme.logoRemove')}
        </Button>
      ) : null}
    </fieldset>
  );
}
