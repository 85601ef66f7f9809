// Not on react-hook-form (issue 34): its form is one button that spends the link, with no field to check.
// /admin/sign-in-link/:token: the one-time link e-mailed when an account's budget of
// password checks is spent (decision 0042). The link is spent only by the button (a mail
// scanner opening the page spends nothing); then the dashboard, or the code step for an
// account with two-factor sign-in on. A spent or expired link says so and leads back.
import { type FormEvent, useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { landingFor, useAdminProfile } from '../../../lib/admin-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { needsSecondFactor, useLoginWithLink } from '../api/login.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

export default function SignInLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const profile = useAdminProfile();
  const signIn = useLoginWithLink();
  const alert = useRef<HTMLDivElement>(null);

  usePageTitle(t('admin-password-reset.signInLink.title'));
  useEffect(() => {
    if (signIn.isError) alert.current?.focus();
  }, [signIn.isError]);

  if (profile.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (profile.data) return <Navigate to={landingFor(profile.data)} replace />;

  if (needsSecondFactor(signIn.data)) {
    return (
      <AuthCardLayout title={t('admin-access.login.twoFactorTitle')}>
        <TwoFactorStep onStartOver={() => navigate('/admin/login')} />
      </AuthCardLayout>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ token });
  };

  return (
    <AuthCardLayout title={t('admin-password-reset.signInLink.title')}>
      <p className="mb-4 text-gray-700">{t('admin-password-reset.signInLink.description')}</p>
      {signIn.isError ? (
        <div
          ref={alert}
          tabIndex={-1}
          role="alert"
          className="mb-4 rounded-theme border border-red-700 bg-red-50 p-3 text-red-900"
        >
          <p>{errorMessage(signIn.error, t('admin-password-reset.signInLink.invalid'))}</p>
          <Link to="/admin/login" className="text-blue-800 underline">
            {t('admin-password-reset.signInLink.backToLogin')}
          </Link>
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <SubmitButton pending={signIn.isPending} pendingLabel={t('admin-password-reset.signInLink.submitting')}>
          {t('admin-password-reset.signInLink.submit')}
        </SubmitButton>
      </form>
    </AuthCardLayout>
  );
}
