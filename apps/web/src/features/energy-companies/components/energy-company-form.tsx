// The company form: short name, full name, colour, icon (with a live preview of the
// displayed icon) and active; validated with the API's own schema.
import { COMPANY_DEFAULT_COLOR, COMPANY_DEFAULT_ICON } from '@acende/shared/constants';
import { iconNameFor, KNOWN_ICON_CLASSES } from '@acende/shared/icons';
import {
  type AdminEnergyCompany,
  type EnergyCompanyInput,
  energyCompanyInputSchema,
} from '@acende/shared/schemas/energy-companies';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { COLOR_CLASSES, CompanyIcon } from '../../../components/ui/company-icon.tsx';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
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
        toast({
          title: company ? t('operations.companies.saved') : t('operations.companies.created'),
          variant: 'success',
        });
        onDone();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, Object.keys(EMPTY));
        toast({
          title: t('operations.companies.saveError'),
          description: errorMessage(error, t('errors.generic')),
          variant: 'destructive',
        });
      },
    });
  });

  const colorOptions = (COLOR_CLASSES as readonly string[]).includes(colorClass)
    ? COLOR_CLASSES
    : [...COLOR_CLASSES, colorClass];

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      className="grid gap-4 rounded-theme border border-gray-300 bg-white p-4"
    >
      <h2 id={titleId} className="font-heading text-xl font-semibold">
        {company ? t('operations.companies.formTitleEdit') : t('operations.companies.formTitleNew')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={t('operations.companies.name')} maxLength={60} {...field('name')} />
        <TextField label={t('operations.companies.fullName')} maxLength={200} {...field('fullName')} />
        <SelectField label={t('operations.companies.colorClass')} {...field('colorClass')}>
          {colorOptions.map((color) => (
            <option key={color} value={color}>
              {t(`operations.companies.colors.${color}`, { defaultValue: color })}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-1">
          <TextField
            label={t('operations.companies.iconClass')}
            list="company-icon-options"
            maxLength={40}
            autoComplete="off"
            hint={t('operations.companies.iconHint', { list: KNOWN_ICON_CLASSES.join(', ') })}
            {...field('iconClass')}
          />
          <datalist id="company-icon-options">
            {KNOWN_ICON_CLASSES.map((icon) => (
              <option key={icon} value={icon} />
            ))}
          </datalist>
        </div>
      </div>
      <div className="flex items-center gap-3" aria-live="polite">
        <span className="font-medium">{t('operations.companies.preview')}:</span>
        <CompanyIcon iconClass={iconClass || COMPANY_DEFAULT_ICON} colorClass={colorClass} />
        <span data-testid="icon-preview-name">
          {t('operations.companies.previewIcon', { name: iconNameFor(iconClass.trim() || COMPANY_DEFAULT_ICON) })}
        </span>
      </div>
      <CheckboxField label={t('operations.companies.active')} {...field('active')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('operations.companies.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('operations.companies.cancel')}
        </Button>
      </div>
    </form>
  );
}
