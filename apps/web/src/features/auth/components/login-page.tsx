// /admin/login: username and password, a link to the password reset, and the spec's
// 'Falha no login' toast with the server's message; then, for an account with two-factor
// sign-in on, the code step (decision 0026).
import { type LoginInput, loginSchema } from '@acende/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { Captcha } from '../../../components/captcha/captcha.tsx';
import { useCaptchaSubmit } from '../../../components/captcha/use-captcha-submit.ts';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { needsSecondFactor, useLogin } from '../api/login.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const profile = useAdminProfile();
  const login = useLogin();
  const { submit, checking, captcha } = useCaptchaSubmit(login, {
    title: t('login.failed'),
    fallback: t('login.invalid'),
  });
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema, undefined, { raw: true }) as never,
    defaultValues: { username: '', password: '' },
  });
  const field = fieldBinder(form, 'login');
  const from = (location.state as { from?: string } | null)?.from;
  // Back to the screen that asked for a sign-in, never to an outside or sign-in address.
  const target = from?.startsWith('/admin/') && !from.startsWith('/admin/login') ? from : '/admin/dashboard';

  usePageTitle(t('login.title'));

  if (profile.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner />
      </div>
    );
  }
  // Signed in (already, or just now: the login answer fills the profile cache).
  if (profile.data) return <Navigate to={target} replace />;

  if (needsSecondFactor(login.data)) {
    return (
      <AuthCardLayout title={t('login.twoFactorTitle')}>
        <TwoFactorStep onStartOver={() => login.reset()} />
      </AuthCardLayout>
    );
  }

  const onSubmit = form.handleSubmit(submit);

  return (
    <AuthCardLayout title={t('login.title')}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField label={t('login.username')} kind="username" {...field('username')} />
        <TextField label={t('login.password')} kind="current-password" {...field('password')} />
        <Captcha {...captcha} />
        <SubmitButton
          pending={login.isPending || checking}
          pendingLabel={checking ? t('captcha.checking') : t('login.submitting')}
        >
          {t('login.submit')}
        </SubmitButton>
        <Link to="/admin/request-password-reset" className="text-center text-blue-800 underline">
          {t('login.forgot')}
        </Link>
      </form>
    </AuthCardLayout>
  );
}
