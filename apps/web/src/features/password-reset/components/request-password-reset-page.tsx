// /admin/request-password-reset: the username; the answer never says whether it exists.
import { type RequestPasswordResetInput, requestPasswordResetSchema } from '@acende/shared/schemas/password-reset';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { Captcha } from '../../../components/captcha/captcha.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

export default function RequestPasswordResetPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [captchaToken, setCaptchaToken] = useState<string | undefined>(undefined);
  const form = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetSchema, undefined, { raw: true }) as never,
    defaultValues: { username: '' },
  });
  const field = fieldBinder(form, 'reset');

  usePageTitle(t('passwordReset.request.title'));

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(
      { ...values, captchaToken },
      {
        onError: (error) =>
          toast({
            title: t('passwordReset.request.error'),
            description: errorMessage(error, t('errors.generic')),
            variant: 'destructive',
          }),
      },
    ),
  );

  return (
    <AuthCardLayout title={t('passwordReset.request.title')}>
      {request.isSuccess ? (
        <p role="status" className="mb-4 rounded-theme border border-green-700 bg-green-50 p-3 text-green-950">
          {t('passwordReset.requested')}
        </p>
      ) : (
        <p className="mb-4 text-gray-700">{t('passwordReset.request.description')}</p>
      )}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField label={t('passwordReset.request.username')} kind="username" {...field('username')} />
        <Captcha onChange={setCaptchaToken} resetKey={request.submittedAt} />
        <Button type="submit" disabled={request.isPending} className="w-full">
          {request.isPending ? t('passwordReset.request.submitting') : t('passwordReset.request.submit')}
        </Button>
        <Link to="/admin/login" className="text-center text-blue-800 underline">
          {t('passwordReset.request.backToLogin')}
        </Link>
      </form>
    </AuthCardLayout>
  );
}
