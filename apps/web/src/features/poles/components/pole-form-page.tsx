// /admin/poles/new and /admin/poles/:id: a pole's form (company, number, where it stands,
// street, description). The client checks what the shared schema checks; the server's
// refusals (a number the company already has) land under their field. An existing pole is
// deactivated or reactivated here too, after a confirmation; a viewer sees it read-only.
import type { AdminPole } from '@acende/shared/schemas/poles';
import { useParams } from 'react-router';
import { LinkButton, SubmitButton } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePole } from '../api/get-poles.ts';
import { usePoleForm } from '../hooks/use-pole-form.ts';
import { PoleActiveControl } from './pole-active-control.tsx';
import { PoleFormFields } from './pole-form-fields.tsx';

export default function PoleFormPage() {
  const { id } = useParams();
  const poleId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const pole = usePole(poleId);
  const { t } = useTranslation();

  if (poleId !== undefined && pole.isPending) return <Spinner />;
  if (poleId !== undefined && pole.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-red-700">{errorMessage(pole.error, t('admin-poles.poles.registry.loadError'))}</p>
        <Link to="/admin/poles" className="text-blue-800 underline">
          {t('admin-poles.poles.registry.form.back')}
        </Link>
      </div>
    );
  }
  return <PoleForm key={pole.data?.updatedAt ?? 'new'} pole={poleId === undefined ? undefined : pole.data} />;
}

function PoleForm({ pole }: { pole: AdminPole | undefined }) {
  const { t } = useTranslation();
  const profile = useAdminProfile().data;
  const readOnly = profile?.role === 'viewer';
  const { field, onSubmit, save } = usePoleForm(pole);
  const title = pole
    ? t('admin-poles.poles.registry.form.editTitle', { number: pole.number })
    : t('admin-poles.poles.registry.form.newTitle');

  return (
    <PageShell
      title={title}
      className="max-w-xl gap-6"
      above={
        <Link to="/admin/poles" className="text-blue-800 underline">
          {t('admin-poles.poles.registry.form.back')}
        </Link>
      }
    >
      {readOnly ? (
        <p className="rounded-theme border border-blue-300 bg-blue-50 p-3 text-sm text-blue-950">
          {t('admin-poles.poles.registry.form.readOnly')}
        </p>
      ) : null}
      {pole ? <PoleActiveControl pole={pole} readOnly={readOnly} save={save} /> : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <fieldset disabled={readOnly} className="grid gap-4">
          <PoleFormFields pole={pole} field={field} />
        </fieldset>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={save.isPending} pendingLabel={t('admin-poles.poles.registry.form.saving')}>
              {t('admin-poles.poles.registry.form.save')}
            </SubmitButton>
            <LinkButton variant="secondary" to="/admin/poles">
              {t('admin-poles.poles.registry.form.cancel')}
            </LinkButton>
          </div>
        )}
      </form>
    </PageShell>
  );
}
