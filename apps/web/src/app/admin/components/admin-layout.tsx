// The admin shell: a header with the signed-in name and role, the language toggle and
// sign-out; navigation limited to what the account's role can use (collapsible on
// narrow screens); the current screen below.
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageToggle } from '../../../components/language-toggle.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { HeaderLogo } from '../../../components/ui/header-logo.tsx';
import { Link, NavLink } from '../../../components/ui/link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useTheme } from '../../../features/layout/api/get-theme.ts';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { adminSessionQueries } from '../../../lib/query-keys/admin-session.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type AdminNavKey, type AdminRoute, adminRoutes, NAV_LABELS, NAV_ORDER } from '../admin-routes.tsx';
import { useLogout } from '../api/logout.ts';

type NavEntry = AdminRoute & { navKey: AdminNavKey };

export function navEntries(role: string | undefined): NavEntry[] {
  return adminRoutes
    .filter((route): route is NavEntry => route.navKey !== undefined && (route.level === 'any' || role === 'admin'))
    .sort((a, b) => NAV_ORDER.indexOf(a.navKey) - NAV_ORDER.indexOf(b.navKey));
}

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

  const entries = navEntries(profile?.role);

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
          <div className="flex items-center gap-2">
            <Button
              ref={menuButton}
              variant="secondary"
              size="sm"
              className="md:hidden"
              aria-expanded={menuOpen}
              aria-controls="admin-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span aria-hidden="true">☰</span> {t('admin-access.adminShell.menu')}
            </Button>
            <Link
              to="/admin/dashboard"
              className="flex items-center gap-2 font-heading text-lg font-bold text-fg no-underline"
            >
              {/* The title follows, so the logo is decoration here. */}
              <HeaderLogo src={theme.data?.logoUrl} alt="" fallback={null} />
              {t('admin-access.adminShell.title')}
            </Link>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {profile ? (
              // The name once, in the page's text as on screen; "signed in as" only for screen readers.
              <p className="text-sm" data-testid="signed-in-as">
                <span className="sr-only">{t('admin-access.adminShell.signedInAs')} </span>
                <span className="font-medium">{profile.name}</span>{' '}
                <span className="rounded bg-gray-200 px-2 py-0.5 text-gray-900">
                  {t(`admin-access.roles.${profile.role}`)}
                </span>
              </p>
            ) : null}
            <LanguageToggle />
            <Button variant="secondary" size="sm" onClick={signOut} disabled={logout.isPending}>
              {t('admin-access.adminShell.logout')}
            </Button>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          ref={nav}
          id="admin-nav"
          aria-label={t('admin-access.adminShell.navLabel')}
          className={cn(
            'border-b border-gray-200 bg-white md:block md:w-60 md:shrink-0 md:border-r md:border-b-0',
            menuOpen ? 'block' : 'hidden',
          )}
        >
          <ul className="grid gap-1 p-2">
            {entries.map((entry) => (
              <li key={entry.path}>
                <NavLink
                  to={`/admin/${entry.path}`}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-theme px-3 py-2 text-fg no-underline hover:bg-gray-100',
                      isActive && 'bg-gray-200 font-semibold',
                    )
                  }
                >
                  {t(NAV_LABELS[entry.navKey])}
                </NavLink>
              </li>
            ))}
            <li>
              <a href="/" className="block rounded-theme px-3 py-2 text-blue-800 underline hover:bg-gray-100">
                {t('admin-access.adminShell.publicSite')}
              </a>
            </li>
          </ul>
        </nav>
        <main id="admin-main" className="min-w-0 flex-1 p-4 md:p-6">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
