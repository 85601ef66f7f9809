// /admin/login: username and password, a link to the password reset, and the spec's
// 'Falha no login' toast with the server's message; then, for an account with two-factor
// sign-in on, the code step (decision 0026); past the account's budget of password checks,
// word of the one-time link e-mailed to it (decision 0042).
import { type LoginInput, loginSchema } from '@acende/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { Captcha } from '../../../components/captcha/captcha.tsx';
import { useCaptchaSubmit } from '../../../components/captcha/use-captcha-submit.ts';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { Link } from '../../../components/ui/link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { landingFor, useAdminProfile } from '../../../lib/admin-session.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { needsSecondFactor, signInLinkSent, useLogin } from '../api/login.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const profile = useAdminProfile();
  const login = useLogin();
  const { submit, checking, captcha } = useCaptchaSubmit(login, {
    title: t('admin-access.login.failed'),
    fallback: t('admin-access.login.invalid'),
  });
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema, undefined, { raw: true }) as never,
    defaultValues: { username: '', password: '' },
  });
  const field = fieldBinder(form, 'login');
  const from = (location.state as { from?: string } | null)?.from;
  // Back to the screen that asked for a sign-in, never to an outside or sign-in address.
  const target = from?.startsWith('/admin/') && !from.startsWith('/admin/login') ? from : '/admin/dashboard';

  usePageTitle(t('admin-access.login.title'));

  if (profile.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner />
      </div>
    );
  }
  // Signed in (already, or just now: the login answer fills the profile cache).
  // A field crew account goes to its app, wherever the sign-in was asked from (decision 0068).
  if (profile.data) return <Navigate to={landingFor(profile.data, target)} replace />;

  if (needsSecondFactor(login.data)) {
    return (
      <AuthCardLayout title={t('admin-access.login.twoFactorTitle')}>
        <TwoFactorStep onStartOver={() => login.reset()} />
      </AuthCardLayout>
    );
  }

  // Past the account's budget of password checks (decision 0042): no password was checked,
  // and the owner signs in with the link e-mailed to the account.
  if (signInLinkSent(login.data)) {
    return (
      <AuthCardLayout title={t('admin-password-reset.signInLink.checkEmail')}>
        <p role="status" className="mb-4 rounded-theme border border-blue-800 bg-blue-50 p-3 text-blue-950">
          {t('admin-password-reset.signInLink.sent')}
        </p>
        <Button variant="link" className="w-full" onClick={() => login.reset()}>
          {t('admin-password-reset.signInLink.backToLogin')}
        </Button>
      </AuthCardLayout>
    );
  }

  const onSubmit = form.handleSubmit(submit);

  return (
    <AuthCardLayout title={t('admin-access.login.title')}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField label={t('admin-access.login.username')} kind="username" {...field('username')} />
        <TextField label={t('admin-access.login.password')} kind="current-password" {...field('password')} />
        <Captcha {...captcha} />
        <SubmitButton
          pending={login.isPending || checking}
          pendingLabel={checking ? t('captcha.captcha.checking') : t('admin-access.login.submitting')}
        >
          {t('admin-access.login.submit')}
        </SubmitButton>
        <Link to="/admin/request-password-reset" className="text-center text-blue-800 underline">
          {t('admin-access.login.forgot')}
        </Link>
      </form>
    </AuthCardLayout>
  );
}
