// /admin/change-password: current, new and confirmation, with the spec's four messages.
import { type ChangePasswordFormInput, changePasswordFormSchema } from '@acende/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: ChangePasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema) as never,
    defaultValues: EMPTY,
  });
  const field = fieldBinder(form, 'change');

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          announceSaved(t('admin-access.changePassword.success'));
        },
        onError: (error) => {
          applyServerErrors(error, form.setError, Object.keys(EMPTY));
          toast({
            title: t('admin-access.changePassword.error'),
            description: errorMessage(error, t('admin-access.users.errorDescription')),
            variant: 'destructive',
          });
        },
      },
    ),
  );

  return (
    <PageShell title={t('admin-access.changePassword.title')} className="max-w-md gap-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          label={t('admin-access.changePassword.current')}
          kind="current-password"
          {...field('currentPassword')}
        />
        <TextField
          label={t('admin-access.changePassword.new')}
          hint={t('admin-access.changePassword.newHint')}
          kind="new-password"
          {...field('newPassword')}
        />
        <TextField label={t('admin-access.changePassword.confirm')} kind="new-password" {...field('confirmPassword')} />
        <SubmitButton pending={change.isPending} pendingLabel={t('admin-access.changePassword.submitting')}>
          {t('admin-access.changePassword.submit')}
        </SubmitButton>
      </form>
    </PageShell>
  );
}
