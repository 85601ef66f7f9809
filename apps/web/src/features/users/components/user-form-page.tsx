// /admin/users/new and /admin/users/:id/edit: the account form with the spec's
// messages and toasts. Server field errors (a username in use, say) land on their field.
// A field crew account (decision 0068) chooses its crew instead of companies: it is linked
// to the crew's company by the API.
import { ROLES } from '@acende/shared/enums';
import { createUserSchema, type User, updateUserSchema } from '@acende/shared/schemas/users';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { LinkButton, SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField, FieldError, SelectField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { Link } from '../../../components/ui/link.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useAdminEnergyCompanies } from '../../../lib/admin-energy-companies.ts';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useUser } from '../api/get-users.ts';
import { useSaveUser } from '../api/save-user.ts';
import { CrewPicker } from './crew-picker.tsx';

interface FormValues {
  username: string;
  name: string;
  email: string;
  role: (typeof ROLES)[number];
  companies: number[];
  /** The crew's id as the select holds it ('' for none); only a crew account sends one. */
  crewId: string;
  password: string;
  active: boolean;
}

const FIELDS: (keyof FormValues)[] = ['username', 'name', 'email', 'role', 'companies', 'crewId', 'password', 'active'];

/** What the form sends: a crew account its crew and no companies, the other roles their companies and no crew. */
export function userPayload(values: FormValues, editing: boolean) {
  const crew = values.role === 'crew';
  return {
    ...values,
    companies: crew ? [] : values.companies,
    crewId: crew ? (values.crewId === '' ? null : Number(values.crewId)) : null,
    active: editing ? values.active : undefined,
  };
}

export default function UserFormPage() {
  const { id } = useParams();
  const userId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const user = useUser(userId);
  const { t } = useTranslation();

  if (userId !== undefined && user.isPending) return <Spinner />;
  if (userId !== undefined && user.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-red-700">{errorMessage(user.error, t('admin-access.users.loadError'))}</p>
        <Link to="/admin/users" className="text-blue-800 underline">
          {t('admin-access.users.title')}
        </Link>
      </div>
    );
  }
  return <UserForm key={userId ?? 'new'} user={userId === undefined ? undefined : user.data} />;
}

function UserForm({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAdminProfile().data;
  const companies = useAdminEnergyCompanies();
  const save = useSaveUser(user?.id);
  const editing = user !== undefined;
  const self = editing && me?.id === user.id;

  const form = useForm<FormValues>({
    resolver: payloadResolver<FormValues>(editing ? updateUserSchema : createUserSchema, (values) =>
      userPayload(values, editing),
    ),
    defaultValues: {
      username: user?.username ?? '',
      name: user?.name ?? '',
      email: user?.email ?? '',
      role: user?.role ?? 'user',
      companies: user?.companies.map((c) => c.id) ?? [],
      crewId: user?.crewId == null ? '' : String(user.crewId),
      password: '',
      active: user?.active ?? true,
    },
  });
  const field = fieldBinder(form, 'user');
  const title = editing
    ? t('admin-access.users.editTitle', { username: user.username })
    : t('admin-access.users.newTitle');

  const crewAccount = form.watch('role') === 'crew';
  const onSubmit = form.handleSubmit((values) => {
    save.mutate(userPayload(values, editing) as never, {
      onSuccess: () => {
        announceSaved(editing ? t('admin-access.users.updated') : t('admin-access.users.created'));
        navigate('/admin/users');
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        toast({
          title: t('admin-access.users.error'),
          description: errorMessage(error, t('admin-access.users.errorDescription')),
          variant: 'destructive',
        });
      },
    });
  });

  // Linked companies stay listed even when inactive, so a link can be seen and removed.
  const linked = user?.companies ?? [];
  const options = [
    ...(companies.data ?? []).map((c) => ({ id: c.id, name: c.name, fullName: c.fullName, active: c.active })),
    ...linked
      .filter((l) => !(companies.data ?? []).some((c) => c.id === l.id))
      .map((l) => ({ id: l.id, name: l.name, fullName: '', active: true })),
  ];

  return (
    <PageShell title={title} className="max-w-xl gap-6">
      {self ? (
        <p className="rounded-theme border border-blue-300 bg-blue-50 p-3 text-sm text-blue-950">
          {t('admin-access.users.form.selfHint')}
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField label={t('admin-access.users.form.username')} kind="verbatim" {...field('username')} />
        <TextField label={t('admin-access.users.form.name')} autoComplete="off" {...field('name')} />
        <TextField label={t('admin-access.users.form.email')} kind="email" autoComplete="off" {...field('email')} />
        {/* The API refuses to demote or deactivate oneself: neither is offered (the hint above
            says why); the values stay in the form as they are. */}
        {self ? (
          <p>
            <span className="font-medium">{t('admin-access.users.form.role')}:</span>{' '}
            {t(`admin-access.roles.${user.role}`)}
          </p>
        ) : (
          <SelectField label={t('admin-access.users.form.role')} {...field('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`admin-access.roles.${role}`)}
              </option>
            ))}
          </SelectField>
        )}
        {crewAccount ? (
          <CrewPicker field={field('crewId')} keptId={user?.crewId ?? null} />
        ) : (
          <Controller
            control={form.control}
            name="companies"
            render={({ field: chosen, fieldState }) => (
              <fieldset className="grid gap-2" aria-describedby="user-companies-hint">
                <legend className="mb-1 font-medium">{t('admin-access.users.form.companies')}</legend>
                <p id="user-companies-hint" className="text-sm text-gray-700">
                  {t('admin-access.users.form.companiesHint')}
                </p>
                {companies.isPending ? <Spinner /> : null}
                {companies.isError ? (
                  <p role="alert" className="text-sm text-red-700">
                    {t('admin-access.users.form.companiesError')}
                  </p>
                ) : null}
                {options.map((company) => (
                  <label key={company.id} className="flex min-h-11 items-center gap-2">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={chosen.value.includes(company.id)}
                      onChange={(event) =>
                        chosen.onChange(
                          event.target.checked
                            ? [...chosen.value, company.id]
                            : chosen.value.filter((value) => value !== company.id),
                        )
                      }
                    />
                    <span>
                      {company.name}
                      {company.fullName ? <span className="text-gray-700"> — {company.fullName}</span> : null}
                      {company.active ? null : (
                        <span className="text-gray-700"> {t('admin-access.users.form.inactiveCompany')}</span>
                      )}
                    </span>
                  </label>
                ))}
                <FieldError error={fieldState.error?.message} />
              </fieldset>
            )}
          />
        )}
        <TextField
          label={editing ? t('admin-access.users.form.newPassword') : t('admin-access.users.form.password')}
          hint={editing ? t('admin-access.users.form.newPasswordHint') : t('admin-access.users.form.passwordHint')}
          kind="new-password"
          {...field('password')}
        />
        {editing && !self ? <CheckboxField label={t('admin-access.users.form.active')} {...field('active')} /> : null}
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={save.isPending} pendingLabel={t('admin-access.users.form.saving')}>
            {t('admin-access.users.form.save')}
          </SubmitButton>
          <LinkButton variant="secondary" to="/admin/users">
            {t('admin-access.users.form.cancel')}
          </LinkButton>
        </div>
      </form>
    </PageShell>
  );
}
