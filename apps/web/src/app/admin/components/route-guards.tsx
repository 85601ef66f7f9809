// Who may see an admin screen: a spinner while the profile loads, /admin/login without
// one (coming back afterwards), /admin/security while two-factor must be set up first,
// /admin/dashboard for admin-only screens without the admin role (decision 0002 §1), and a
// field crew account to its app at /campo but for its own password and two-factor (decision 0068).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CREW_ADMIN_PATHS, FIELD_APP_PATH, isAdmin, isCrew, useAdminProfile } from '../../../lib/admin-session.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const SECURITY_PATH = '/admin/security';

export function ProfileSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="text-lg" />
    </div>
  );
}

export function RequireProfile({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const profile = useAdminProfile();
  if (profile.isPending) return <ProfileSpinner />;
  if (profile.isError) {
    return (
      <div role="alert" className="mx-auto grid max-w-md gap-3 p-6 text-center">
        <p>{t('common.errors.generic')}</p>
        <Button onClick={() => void profile.refetch()}>{t('admin-access.users.retry')}</Button>
      </div>
    );
  }
  if (!profile.data) {
    return <Navigate to="/admin/login" replace state={{ from: location.pathname + location.search }} />;
  }
  // Two-factor required and not set up: the server refuses everything else (decision 0026).
  if (profile.data.twoFactorSetupRequired && location.pathname !== SECURITY_PATH) {
    return <Navigate to={SECURITY_PATH} replace />;
  }
  // The API refuses a crew account everything else here; its screens are the field app's.
  if (isCrew(profile.data) && !CREW_ADMIN_PATHS.includes(location.pathname)) {
    return <Navigate to={FIELD_APP_PATH} replace />;
  }
  return children;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const profile = useAdminProfile();
  if (!isAdmin(profile.data)) return <Navigate to="/admin/dashboard" replace />;
  return children;
}
