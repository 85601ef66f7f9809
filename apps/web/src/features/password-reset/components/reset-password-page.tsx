// /admin/reset-password/:token: a new password and its confirmation, with the spec's
// rules; a spent or expired link says so and offers a new one.
import {
  type CompletePasswordResetFormInput,
  completePasswordResetFormSchema,
} from '@acende/shared/schemas/password-reset';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { LinkButton, SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { Link } from '../../../components/ui/link.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { messageKey } from '../../../lib/i18n-types.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCompletePasswordReset } from '../api/complete-password-reset.ts';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const complete = useCompletePasswordReset();
  const form = useForm<CompletePasswordResetFormInput>({
    resolver: zodResolver(completePasswordResetFormSchema, undefined, { raw: true }) as never,
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const field = fieldBinder(form, 'reset');

  usePageTitle(t('admin-password-reset.passwordReset.complete.title'));

  const onSubmit = form.handleSubmit(({ token: value, newPassword }) =>
    complete.mutate(
      { token: value, newPassword },
      {
        onError: () => toast({ title: t('admin-password-reset.passwordReset.complete.error'), variant: 'destructive' }),
      },
    ),
  );

  if (complete.isSuccess) {
    return (
      <AuthCardLayout title={t('admin-password-reset.passwordReset.complete.title')}>
        <p role="status" className="mb-4 rounded-theme border border-green-700 bg-green-50 p-3 text-green-950">
          {t('admin-password-reset.passwordReset.complete.success')}
        </p>
        <LinkButton to="/admin/login" className="w-full">
          {t('admin-password-reset.passwordReset.complete.goToLogin')}
        </LinkButton>
      </AuthCardLayout>
    );
  }

  return (
    <AuthCardLayout title={t('admin-password-reset.passwordReset.complete.title')}>
      <p className="mb-4 text-gray-700">{t('admin-password-reset.passwordReset.complete.description')}</p>
      {errors.token?.message ? (
        <p role="alert" className="mb-4 text-red-700">
          {t(messageKey(errors.token.message))}
        </p>
      ) : null}
      {complete.isError ? (
        <div role="alert" className="mb-4 rounded-theme border border-red-700 bg-red-50 p-3 text-red-900">
          <p>{t('admin-password-reset.passwordReset.complete.error')}</p>
          <Link to="/admin/request-password-reset" className="text-blue-800 underline">
            {t('admin-password-reset.passwordReset.complete.requestAgain')}
          </Link>
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <input type="hidden" {...form.register('token')} />
        <TextField
          label={t('admin-password-reset.passwordReset.complete.newPassword')}
          kind="new-password"
          {...field('newPassword')}
        />
        <TextField
          label={t('admin-password-reset.passwordReset.complete.confirmPassword')}
          kind="new-password"
          {...field('confirmPassword')}
        />
        <SubmitButton
          pending={complete.isPending}
          pendingLabel={t('admin-password-reset.passwordReset.complete.submitting')}
        >
          {t('admin-password-reset.passwordReset.complete.submit')}
        </SubmitButton>
      </form>
    </AuthCardLayout>
  );
}
