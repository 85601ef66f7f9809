// /admin/request-password-reset: the username; the answer never says whether it exists.
import { type RequestPasswordResetInput, requestPasswordResetSchema } from '@acende/shared/schemas/password-reset';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { Captcha } from '../../../components/captcha/captcha.tsx';
import { useCaptchaSubmit } from '../../../components/captcha/use-captcha-submit.ts';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { Link } from '../../../components/ui/link.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

export default function RequestPasswordResetPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const { submit, checking, captcha } = useCaptchaSubmit(request, {
    title: t('admin-password-reset.passwordReset.request.error'),
    fallback: t('common.errors.generic'),
  });
  const form = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetSchema, undefined, { raw: true }) as never,
    defaultValues: { username: '' },
  });
  const field = fieldBinder(form, 'reset');

  usePageTitle(t('admin-password-reset.passwordReset.request.title'));

  const onSubmit = form.handleSubmit(submit);

  return (
    <AuthCardLayout title={t('admin-password-reset.passwordReset.request.title')}>
      {request.isSuccess ? (
        <p role="status" className="mb-4 rounded-theme border border-green-700 bg-green-50 p-3 text-green-950">
          {t('admin-password-reset.passwordReset.requested')}
        </p>
      ) : (
        <p className="mb-4 text-gray-700">{t('admin-password-reset.passwordReset.request.description')}</p>
      )}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          label={t('admin-password-reset.passwordReset.request.username')}
          kind="username"
          {...field('username')}
        />
        <Captcha {...captcha} />
        <SubmitButton
          pending={request.isPending || checking}
          pendingLabel={
            checking ? t('captcha.captcha.checking') : t('admin-password-reset.passwordReset.request.submitting')
          }
        >
          {t('admin-password-reset.passwordReset.request.submit')}
        </SubmitButton>
        <Link to="/admin/login" className="text-center text-blue-800 underline">
          {t('admin-password-reset.passwordReset.request.backToLogin')}
        </Link>
      </form>
    </AuthCardLayout>
  );
}
