// /admin/request-password-reset: the username; the answer never says whether it exists.
import { type RequestPasswordResetInput, requestPasswordResetSchema } from '@acende/shared/schemas/password-reset';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Captcha } from '../../../components/captcha/captcha.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { ResetLayout } from './reset-layout.tsx';

export default function RequestPasswordResetPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [captchaToken, setCaptchaToken] = useState<string | undefined>(undefined);
  const form = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetSchema, undefined, { raw: true }) as never,
    defaultValues: { username: '' },
  });
  const { errors } = form.formState;

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
    <ResetLayout title={t('passwordReset.request.title')}>
      {request.isSuccess ? (
        <p role="status" className="mb-4 rounded-theme border border-green-700 bg-green-50 p-3 text-green-950">
          {t('passwordReset.requested')}
        </p>
      ) : (
        <p className="mb-4 text-gray-700">{t('passwordReset.request.description')}</p>
      )}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          id="reset-username"
          label={t('passwordReset.request.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <Captcha onChange={setCaptchaToken} resetKey={request.submittedAt} />
        <Button type="submit" disabled={request.isPending} className="w-full">
          {request.isPending ? t('passwordReset.request.submitting') : t('passwordReset.request.submit')}
        </Button>
        <Link to="/admin/login" className="text-center text-blue-800 underline">
          {t('passwordReset.request.backToLogin')}
        </Link>
      </form>
    </ResetLayout>
  );
}
