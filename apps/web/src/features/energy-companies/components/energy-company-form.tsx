// The company form: short name, full name, colour and icon (pickers that show each choice
// as citizens will see it) and active; validated with the API's own schema.
import { COMPANY_DEFAULT_COLOR, COMPANY_DEFAULT_ICON } from '@acende/shared/constants';
import { iconNameFor, KNOWN_ICON_CLASSES } from '@acende/shared/icons';
import {
  type AdminEnergyCompany,
  type EnergyCompanyInput,
  energyCompanyInputSchema,
} from '@acende/shared/schemas/energy-companies';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { COLOR_CLASSES, CompanyIcon } from '../../../components/ui/company-icon.tsx';
import { CheckboxField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSaveEnergyCompany } from '../api/save-energy-company.ts';

interface Values {
  name: string;
  fullName: string;
  colorClass: string;
  iconClass: string;
  active: boolean;
}

const EMPTY: Values = {
  name: '',
  fullName: '',
  colorClass: COMPANY_DEFAULT_COLOR,
  iconClass: COMPANY_DEFAULT_ICON,
  active: true,
};

export function EnergyCompanyForm({ company, onDone }: { company: AdminEnergyCompany | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveEnergyCompany();
  const form = useForm<Values>({
    resolver: zodResolver(energyCompanyInputSchema, undefined, { raw: true }) as never,
    defaultValues: company
      ? {
          name: company.name,
          fullName: company.fullName,
          colorClass: company.colorClass,
          iconClass: company.iconClass,
          active: company.active,
        }
      : EMPTY,
  });
  const field = fieldBinder(form, 'company');
  const colorClass = form.watch('colorClass');
  const iconClass = form.watch('iconClass');
  const titleId = 'company-form-title';

  useEffect(() => {
    form.setFocus('name');
  }, [form]);

  const submit = form.handleSubmit((values) => {
    const body: EnergyCompanyInput & { id?: number } = { ...values, id: company?.id };
    save.mutate(body, {
      onSuccess: () => {
        announceSaved(
          company
            ? t('admin-operations.operations.companies.saved')
            : t('admin-operations.operations.companies.created'),
        );
        onDone();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, Object.keys(EMPTY));
        toast({
          title: t('admin-operations.operations.companies.saveError'),
          description: errorMessage(error, t('common.errors.generic')),
          variant: 'destructive',
        });
      },
    });
  });

  const shownIcon = iconClass.trim() || COMPANY_DEFAULT_ICON;
  // A value saved before the pickers (outside the lists) stays a choice until changed.
  const colors = (COLOR_CLASSES as readonly string[]).includes(colorClass)
    ? COLOR_CLASSES
    : [...COLOR_CLASSES, colorClass];
  const icons = KNOWN_ICON_CLASSES.includes(shownIcon) ? KNOWN_ICON_CLASSES : [...KNOWN_ICON_CLASSES, shownIcon];
  const colorChoices = colors.map((color) => ({
    value: color,
    label: t(`admin-operations.operations.companies.colors.${color}`, { defaultValue: color }),
    visual: <CompanyIcon iconClass={shownIcon} colorClass={color} />,
  }));
  const iconChoices = icons.map((icon) => ({
    value: icon,
    label: KNOWN_ICON_CLASSES.includes(icon)
      ? t(`admin-operations.operations.companies.icons.${icon}` as 'admin-operations.operations.companies.icons.bolt')
      : t('admin-operations.operations.companies.otherIcon', { name: icon }),
    visual: <CompanyIcon iconClass={icon} colorClass={colorClass} />,
  }));

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      className="grid gap-4 rounded-theme border border-gray-300 bg-white p-4"
    >
      <h2 id={titleId} className="font-heading text-xl font-semibold">
        {company
          ? t('admin-operations.operations.companies.formTitleEdit')
          : t('admin-operations.operations.companies.formTitleNew')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={t('admin-operations.operations.companies.name')} maxLength={60} {...field('name')} />
        <TextField label={t('admin-operations.operations.companies.fullName')} maxLength={200} {...field('fullName')} />
      </div>
      <Controller
        control={form.control}
        name="colorClass"
        render={({ field: chosen, fieldState }) => (
          <ChoiceGroup
            id="company-color"
            name={chosen.name}
            legend={t('admin-operations.operations.companies.colorClass')}
            choices={colorChoices}
            value={chosen.value}
            onChange={chosen.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="iconClass"
        render={({ field: chosen, fieldState }) => (
          <ChoiceGroup
            id="company-icon"
            name={chosen.name}
            legend={t('admin-operations.operations.companies.iconClass')}
            choices={iconChoices}
            value={chosen.value}
            onChange={chosen.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="flex items-center gap-3" aria-live="polite">
        <span className="font-medium">{t('admin-operations.operations.companies.preview')}:</span>
        <CompanyIcon iconClass={shownIcon} colorClass={colorClass} />
        <span data-testid="icon-preview-name">
          {t('admin-operations.operations.companies.previewIcon', { name: iconNameFor(shownIcon) })}
        </span>
      </div>
      <CheckboxField label={t('admin-operations.operations.companies.active')} {...field('active')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('admin-operations.operations.companies.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('admin-operations.operations.companies.cancel')}
        </Button>
      </div>
    </form>
  );
}
