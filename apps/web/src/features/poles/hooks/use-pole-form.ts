// The pole form's state: the inputs' text read into the API's input and judged by the shared
// schema, saved with a toast and back to the list; a refusal's field errors (a number the
// company already has) put under their fields.
import { type AdminPole, type PoleInput, type PoleValues, poleInputSchema } from '@acende/shared/schemas/poles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSavePole } from '../api/save-pole.ts';

/** What the inputs hold: text, as typed. */
export interface PoleFormValues {
  companyId: string;
  number: string;
  latitude: string;
  longitude: string;
  street: string;
  description: string;
  active: boolean;
}

const FIELDS = ['companyId', 'number', 'latitude', 'longitude', 'street', 'description', 'active'] as const;

/** A typed decimal as a number ('' and words become NaN, which the shared schema refuses). */
const decimal = (text: string) =>
  /^\s*[-+]?\d+([.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;

/** The form's text read into the API's input, then judged by the same schema as the API's. */
const formSchema = z.pipe(
  z.transform(
    (values: PoleFormValues) =>
      ({
        ...values,
        // Missing, the company is refused by the schema with its own message.
        companyId: values.companyId === '' ? undefined : Number(values.companyId),
        latitude: decimal(values.latitude),
        longitude: decimal(values.longitude),
      }) as unknown as PoleInput,
  ),
  poleInputSchema,
);

export function usePoleForm(pole: AdminPole | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSavePole();
  const form = useForm<PoleFormValues>({
    resolver: zodResolver(formSchema as never) as never,
    defaultValues: {
      companyId: pole ? String(pole.companyId) : '',
      number: pole?.number ?? '',
      latitude: pole ? String(pole.latitude) : '',
      longitude: pole ? String(pole.longitude) : '',
      street: pole?.street ?? '',
      description: pole?.description ?? '',
      active: pole?.active ?? true,
    },
  });
  const field = fieldBinder(form, 'pole');

  // The resolver hands on the schema's output: the API's input, normalised.
  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { id: pole?.id, input: values as unknown as PoleValues },
      {
        onSuccess: (saved) => {
          announceSaved(
            t(pole ? 'admin-poles.poles.registry.form.updated' : 'admin-poles.poles.registry.form.created', {
              number: saved.number,
            }),
          );
          navigate('/admin/poles');
        },
        onError: (error) => {
          applyServerErrors(error, form.setError, FIELDS);
          toast({
            title: t('admin-poles.poles.registry.saveError'),
            description: errorMessage(error, t('admin-poles.poles.registry.saveErrorDescription')),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return { field, onSubmit, save };
}
