// The theme form's colour and font fieldsets: each colour a picker beside its hex field,
// the corners, the two font stacks shown in their own face, and dark mode.
import { FONT_STACKS, THEME_COLOR_KEYS } from '@acende/shared/schemas/theme';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ThemeField, ThemeFormApi } from './use-theme-form.ts';

const fontLabel = (stack: string) => stack.split(',')[0]?.replace(/"/g, '').trim() ?? stack;

export function ColorsFieldset({ form, field }: { form: ThemeFormApi; field: ThemeField }) {
  const { t } = useTranslation();
  const values = form.watch();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-heading text-lg font-semibold">{t('admin-settings.settings.theme.colors')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {THEME_COLOR_KEYS.map((key) => {
          const value = values[key] ?? '';
          const valid = /^#[0-9a-fA-F]{6}$/.test(value);
          return (
            <div key={key} className="flex items-end gap-2">
              <input
                type="color"
                aria-label={t('admin-settings.settings.theme.picker', {
                  name: t(`admin-settings.settings.theme.${key}`),
                })}
                value={valid ? value.toLowerCase() : '#000000'}
                onChange={(event) =>
                  form.setValue(key, event.target.value, { shouldDirty: true, shouldValidate: true })
                }
                className="h-11 w-12 shrink-0 cursor-pointer rounded-theme border border-gray-500 bg-white p-1"
              />
              <TextField
                label={t(`admin-settings.settings.theme.${key}`)}
                className="min-w-0 flex-1"
                kind="verbatim"
                {...field(key)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function FontsFieldset({ field }: { field: ThemeField }) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-heading text-lg font-semibold">{t('admin-settings.settings.theme.fonts')}</legend>
      <TextField
        label={t('admin-settings.settings.theme.borderRadius')}
        hint={t('admin-settings.settings.theme.borderRadiusHint')}
        {...field('borderRadius')}
      />
      {(['fontFamily', 'headerFontFamily'] as const).map((key) => (
        <SelectField key={key} label={t(`admin-settings.settings.theme.${key}`)} {...field(key)}>
          {FONT_STACKS.map((stack) => (
            <option key={stack} value={stack} style={{ fontFamily: stack }}>
              {fontLabel(stack)}
            </option>
          ))}
        </SelectField>
      ))}
      <CheckboxField
        label={t('admin-settings.settings.theme.darkMode')}
        hint={t('admin-settings.settings.theme.darkModeHint')}
        {...field('darkMode')}
      />
    </fieldset>
  );
}
