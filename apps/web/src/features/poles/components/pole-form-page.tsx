// /admin/poles/new and /admin/poles/:id: a pole's form (company, number, where it stands,
// street, description). The client checks what the shared schema checks; the server's
// refusals (a number the company already has) land under their field. An existing pole is
// deactivated or reactivated here too, after a confirmation; a viewer sees it read-only.
import { type AdminPole, type PoleInput, type PoleValues, poleInputSchema } from '@acende/shared/schemas/poles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import * as z from 'zod/mini';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button, LinkButton, SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { usePoleCompanies } from '../api/get-pole-companies.ts';
import { usePole } from '../api/get-poles.ts';
import { togglePoleActive, useSavePole } from '../api/save-pole.ts';
import { PoleStatusBadge } from './pole-status-badge.tsx';

/** What the inputs hold: text, as typed. */
interface FormValues {
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
    (values: FormValues) =>
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

export default function PoleFormPage() {
  const { id } = useParams();
  const poleId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const pole = usePole(poleId);
  const { t } = useTranslation();

  if (poleId !== undefined && pole.isPending) return <Spinner />;
  if (poleId !== undefined && pole.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-red-700">{errorMessage(pole.error, t('poles.registry.loadError'))}</p>
        <Link to="/admin/poles" className="text-blue-800 underline">
          {t('poles.registry.form.back')}
        </Link>
      </div>
    );
  }
  return <PoleForm key={pole.data?.updatedAt ?? 'new'} pole={poleId === undefined ? undefined : pole.data} />;
}

function PoleForm({ pole }: { pole: AdminPole | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useAdminProfile().data;
  const readOnly = profile?.role === 'viewer';
  const companies = usePoleCompanies();
  const save = useSavePole();
  const [confirming, setConfirming] = useState(false);
  const editing = pole !== undefined;

  const form = useForm<FormValues>({
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
  const title = pole ? t('poles.registry.form.editTitle', { number: pole.number }) : t('poles.registry.form.newTitle');

  // The resolver hands on the schema's output: the API's input, normalised.
  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { id: pole?.id, input: values as unknown as PoleValues },
      {
        onSuccess: (saved) => {
          toast({
            title: t(editing ? 'poles.registry.form.updated' : 'poles.registry.form.created', { number: saved.number }),
            variant: 'success',
          });
          navigate('/admin/poles');
        },
        onError: (error) => {
          applyServerErrors(error, form.setError, FIELDS);
          toast({
            title: t('poles.registry.saveError'),
            description: errorMessage(error, t('poles.registry.saveErrorDescription')),
            variant: 'destructive',
          });
        },
      },
    );
  });

  const setActive = () => {
    setConfirming(false);
    if (!pole) return;
    togglePoleActive(save, pole, t);
  };

  // The pole's own company stays a choice even when the list leaves it out (an inactive one).
  const choices = (companies.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.active ? c.name : `${c.name} ${t('poles.registry.form.inactiveCompany')}`,
  }));
  if (pole && !choices.some((c) => c.value === String(pole.companyId))) {
    choices.push({ value: String(pole.companyId), label: pole.companyName });
  }

  return (
    <PageShell
      title={title}
      className="max-w-xl gap-6"
      above={
        <Link to="/admin/poles" className="text-blue-800 underline">
          {t('poles.registry.form.back')}
        </Link>
      }
    >
      {readOnly ? (
        <p className="rounded-theme border border-blue-300 bg-blue-50 p-3 text-sm text-blue-950">
          {t('poles.registry.form.readOnly')}
        </p>
      ) : null}
      {pole ? (
        <div className="flex flex-wrap items-center gap-3">
          <PoleStatusBadge active={pole.active} />
          <p className="text-sm text-gray-800">
            {pole.active ? t('poles.registry.form.statusActive') : t('poles.registry.form.statusInactive')}
          </p>
          {readOnly ? null : (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} disabled={save.isPending}>
              {pole.active ? t('poles.registry.deactivate') : t('poles.registry.reactivate')}
            </Button>
          )}
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <fieldset disabled={readOnly} className="grid gap-4">
          <SelectField
            label={t('poles.registry.form.company')}
            required
            empty={t('poles.registry.form.chooseCompany')}
            choices={choices}
            hint={companies.isError ? t('poles.registry.form.companiesError') : undefined}
            {...field('companyId')}
          />
          <TextField
            label={t('poles.registry.form.number')}
            hint={t('poles.registry.form.numberHint')}
            required
            kind="verbatim"
            maxLength={40}
            {...field('number')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('poles.registry.form.latitude')}
              required
              inputMode="decimal"
              autoComplete="off"
              {...field('latitude')}
            />
            <TextField
              label={t('poles.registry.form.longitude')}
              required
              inputMode="decimal"
              autoComplete="off"
              {...field('longitude')}
            />
          </div>
          <p className="-mt-2 text-sm text-gray-700">{t('poles.registry.form.coordinatesHint')}</p>
          <TextField label={t('poles.registry.form.street')} autoComplete="off" maxLength={200} {...field('street')} />
          <TextAreaField
            label={t('poles.registry.form.description')}
            rows={3}
            maxLength={500}
            {...field('description')}
          />
          {/* An existing pole is deactivated and reactivated with the button above, after a confirmation. */}
          {editing ? null : <CheckboxField label={t('poles.registry.form.active')} {...field('active')} />}
        </fieldset>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={save.isPending} pendingLabel={t('poles.registry.form.saving')}>
              {t('poles.registry.form.save')}
            </SubmitButton>
            <LinkButton variant="secondary" to="/admin/poles">
              {t('poles.registry.form.cancel')}
            </LinkButton>
          </div>
        )}
      </form>
      {pole ? (
        <ConfirmDialog
          open={confirming}
          title={t(pole.active ? 'poles.registry.confirmDeactivate.title' : 'poles.registry.confirmReactivate.title', {
            number: pole.number,
          })}
          description={
            pole.active
              ? t('poles.registry.confirmDeactivate.description')
              : t('poles.registry.confirmReactivate.description')
          }
          confirmLabel={
            pole.active ? t('poles.registry.confirmDeactivate.confirm') : t('poles.registry.confirmReactivate.confirm')
          }
          cancelLabel={t('poles.registry.cancel')}
          variant={pole.active ? 'danger' : 'primary'}
          onConfirm={setActive}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </PageShell>
  );
}
