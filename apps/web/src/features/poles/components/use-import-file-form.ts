// The import screen's form: a company and a file, both needed, the file no larger than the
// API takes. A missing one puts the focus on it; a refused check shows under the file.
import { POLE_IMPORT_MAX_BYTES, POLE_IMPORT_MAX_MB } from '@acende/shared/schemas/poles-import';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export interface ImportFile {
  company: string;
  file: File | null;
}

/** Words rather than keys: the file's refusal also shows the server's words. */
export const importFileSchema = (t: TFunction) =>
  z.object({ company: z.string(), file: z.custom<File | null>() }).superRefine(({ company, file }, ctx) => {
    if (!file || company === '')
      ctx.addIssue({ code: 'custom', path: ['file'], message: t('admin-poles.poles.import.chooseFile') });
    else if (file.size > POLE_IMPORT_MAX_BYTES)
      ctx.addIssue({
        code: 'custom',
        path: ['file'],
        message: t('admin-poles.poles.import.fileTooLarge', { max: POLE_IMPORT_MAX_MB }),
      });
  });

export function useImportFileForm(onlyCompany: number | undefined) {
  const { t } = useTranslation();
  const id = useId();
  // Built each render (react-hook-form takes the latest options), so its words follow the language.
  const form = useForm<ImportFile>({
    resolver: zodResolver(importFileSchema(t)) as unknown as Resolver<ImportFile>,
    defaultValues: { company: '', file: null },
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const field = fieldBinder(form, id);
  const fileInput = useRef<HTMLInputElement | null>(null);

  const company = form.watch('company');
  useEffect(() => {
    if (onlyCompany !== undefined && company === '') form.setValue('company', String(onlyCompany));
  }, [onlyCompany, company, form]);

  /** The first missing choice takes the focus. */
  const focusMissing = () =>
    (form.getValues('company') === '' ? document.getElementById(`${id}-company`) : fileInput.current)?.focus();

  const clearFile = () => {
    form.setValue('file', null);
    form.clearErrors();
    if (fileInput.current) fileInput.current.value = '';
    fileInput.current?.focus();
  };

  return { id, form, field, fileInput, focusMissing, clearFile };
}
