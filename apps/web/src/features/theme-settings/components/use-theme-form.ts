// The theme form's state: the stored theme as defaults, the shared schema as resolver, saved
// with a toast (a refusal's field errors under their fields), and reset to the defaults.
import { DEFAULT_MAP_CENTER } from '@acende/shared/constants';
import { DEFAULT_THEME, type ThemeSettingsPayload, themeSettingsPayloadSchema } from '@acende/shared/schemas/theme';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type ThemeSettingsForm, useSaveThemeSettings } from '../api/save-theme-settings.ts';

const DEFAULTS: ThemeSettingsForm = { ...DEFAULT_THEME, logoUrl: '', map: { ...DEFAULT_MAP_CENTER } };

export type ThemeFormApi = UseFormReturn<ThemeSettingsForm>;
export type ThemeField = ReturnType<typeof fieldBinder<ThemeSettingsForm>>;

export function useThemeForm(initial: ThemeSettingsPayload) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveThemeSettings();
  const form = useForm<ThemeSettingsForm>({
    resolver: zodResolver(themeSettingsPayloadSchema as never) as never,
    defaultValues: { ...initial, logoUrl: initial.logoUrl ?? '' },
  });
  const field = fieldBinder(form, id);

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset({ ...saved, logoUrl: saved.logoUrl ?? '' });
        announceSaved(t('admin-settings.settings.saved'));
      },
      onError: (error) => {
        applyServerErrors(error, form.setError);
        toast({
          title: t('admin-settings.settings.saveError'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        });
      },
    }),
  );

  const resetToDefaults = () => {
    for (const [key, value] of Object.entries(DEFAULTS)) {
      form.setValue(key as keyof ThemeSettingsForm, value as never, { shouldDirty: true, shouldValidate: true });
    }
    toast({ title: t('admin-settings.settings.theme.resetDone') });
  };

  return { id, form, field, onSubmit, resetToDefaults, saving: save.isPending };
}
