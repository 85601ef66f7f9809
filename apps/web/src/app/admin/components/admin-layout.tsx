// The admin shell: a header with the signed-in name and role, the language toggle and
// sign-out; navigation limited to what the account's role can use (collapsible on
// narrow screens); the current screen below.
import type { Role } from '@acende/shared/enums';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageToggle } from '../../../components/language-toggle.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { HeaderLogo } from '../../../components/ui/header-logo.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { SaveStatus } from '../../../components/ui/save-status.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useTheme } from '../../../features/layout/api/get-theme.ts';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { adminSessionQueries } from '../../../lib/query-keys/admin-session.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLogout } from '../api/logout.ts';
import { AdminNav } from './admin-nav.tsx';

/** A 401 from any admin call means the session ended elsewhere: forget the profile, so the guard sends to sign-in. */
function useSessionEndWatcher() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const profileKey = adminSessionQueries.profile().queryKey;
    // By hash, not by reference: each call of the factory builds a new array.
    const profileHash = hashKey(profileKey);
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(profileKey, null);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && event.query.queryHash !== profileHash) {
        onError(event.action.error);
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

/**
 * The signed-in name once, in the page's text as on screen ("signed in as" only for screen
 * readers), then the role, unless the name is the role's own word ("Administrador
 * Administrador" read as the name twice).
 */
export function SignedInAs({ name, accountRole }: { name: string; accountRole: Role }) {
  const { t } = useTranslation();
  const roleLabel = t(`admin-access.roles.${accountRole}`);
  const sameWord = name.trim().localeCompare(roleLabel, undefined, { sensitivity: 'base' }) === 0;
  return (
    <p className="min-w-0 text-sm break-words" data-testid="signed-in-as">
      <span className="sr-only">{t('admin-access.adminShell.signedInAs')} </span>
      <span className="font-medium">{name}</span>
      {sameWord ? null : (
        <>
          {' '}
          <span className="rounded bg-gray-200 px-2 py-0.5 text-gray-900">{roleLabel}</span>
        </>
      )}
    </p>
  );
}

export function AdminLayout() {
  const { t } = useTranslation();
  const profile = useAdminProfile().data;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const theme = useTheme();
  const menuButton = useRef<HTMLButtonElement>(null);
  useSessionEndWatcher();

  // Escape closes the open menu and gives focus back to its button, but only when the Escape
  // is the menu's: focus in the menu, on its button or nowhere. A select, a date field or a
  // dialog elsewhere keeps its own Escape, and one it has already handled is left alone.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const focused = document.activeElement;
      const forMenu =
        !focused ||
        focused === document.body ||
        focused === menuButton.current ||
        (nav.current?.contains(focused) ?? false);
      if (!forMenu) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the screen changes
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        navigate('/admin/login', { replace: true });
        queryClient.clear();
        queryClient.setQueryData(adminSessionQueries.profile().queryKey, null);
      },
      onError: (error) =>
        toast({
          title: t('admin-access.adminShell.logoutError'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        }),
    });

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t('common.app.skipToContent')}
      </a>
      <header className="border-b border-gray-200 bg-header">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
          {/* min-w-0 and a wrapping title: with a logo the row fits 360 px instead of pushing the page wider. */}
          <div className="flex min-w-0 items-center gap-2">
            <Button
              ref={menuButton}
              variant="secondary"
              size="sm"
              className="shrink-0 md:hidden"
              aria-expanded={menuOpen}
              aria-controls="admin-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span aria-hidden="true">☰</span> {t('admin-access.adminShell.menu')}
            </Button>
            <Link
              to="/admin/dashboard"
              data-testid="admin-home-link"
              className="flex min-w-0 items-center gap-2 font-heading text-lg leading-tight font-bold break-words text-fg no-underline"
            >
              {/* The title follows, so the logo is decoration here. */}
              <HeaderLogo src={theme.data?.logoUrl} alt="" fallback={null} className="shrink-0 max-sm:max-w-24!" />
              <span className="min-w-0">{t('admin-access.adminShell.title')}</span>
            </Link>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {profile ? <SignedInAs name={profile.name} accountRole={profile.role} /> : null}
            <LanguageToggle />
            <Button variant="secondary" size="sm" onClick={signOut} disabled={logout.isPending}>
              {t('admin-access.adminShell.logout')}
            </Button>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <AdminNav role={profile?.role} menuOpen={menuOpen} navRef={nav} />
        <main id="admin-main" className="min-w-0 flex-1 p-4 md:p-6">
          <SaveStatus />
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
