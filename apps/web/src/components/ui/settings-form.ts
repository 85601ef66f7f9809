// A settings screen's form (retention, security): the stored values as defaults, the shared
// schema as resolver, saved with a toast, a refusal's field errors put under their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client.ts';
import { applyServerErrors, type ServerFields } from '../../lib/form-errors.ts';
import { fieldBinder } from './form-binding.ts';
import { announceSaved } from './save-status.tsx';
import { toast } from './toast.tsx';

export function useSettingsForm<T extends FieldValues>(options: {
  schema: unknown;
  initial: T;
  save: UseMutationResult<T, unknown, T>;
  savedTitle: string;
  errorTitle: string;
  serverFields?: ServerFields;
}) {
  const id = useId();
  const form = useForm<T>({
    resolver: zodResolver(options.schema as never) as never,
    defaultValues: options.initial as DefaultValues<T>,
  });
  const field = fieldBinder(form, id);
  const onSubmit = form.handleSubmit((values) =>
    options.save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved);
        announceSaved(options.savedTitle);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, options.serverFields);
        toast({ title: options.errorTitle, description: errorMessage(error, ''), variant: 'destructive' });
      },
    }),
  );
  return { form, field, onSubmit };
}
