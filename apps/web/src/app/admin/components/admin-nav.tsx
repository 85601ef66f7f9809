// The admin navigation: the links the account's role can use, in foldable groups (a
// disclosure button each, aria-expanded); the group of the current screen opens itself,
// the others keep what the reader chose. Shown beside the screen on a wide screen, behind
// the header's Menu button on a phone (AdminLayout owns that).
import { type Ref, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { NavLink } from '../../../components/ui/link.tsx';
import { CREW_ADMIN_PATHS } from '../../../lib/admin-session.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type AdminNavKey, type AdminRoute, adminRoutes, NAV_GROUPS, NAV_LABELS, NAV_ORDER } from '../admin-routes.tsx';

type NavEntry = AdminRoute & { navKey: AdminNavKey };

export function navEntries(role: string | undefined): NavEntry[] {
  return (
    adminRoutes
      .filter((route): route is NavEntry => route.navKey !== undefined && (route.level === 'any' || role === 'admin'))
      // A field crew account sees its own password and two-factor only (decision 0068).
      .filter((route) => role !== 'crew' || CREW_ADMIN_PATHS.includes(`/admin/${route.path}`))
      .sort((a, b) => NAV_ORDER.indexOf(a.navKey) - NAV_ORDER.indexOf(b.navKey))
  );
}

/** The group whose link leads to `pathname` or to a screen below it (/admin/requests/12 is Requests'). */
export function currentGroup(pathname: string): string | undefined {
  const entry = adminRoutes.find(
    (route) =>
      route.navKey !== undefined &&
      (pathname === `/admin/${route.path}` || pathname.startsWith(`/admin/${route.path}/`)),
  );
  return NAV_GROUPS.find((group) => entry?.navKey && group.items.includes(entry.navKey))?.key;
}

export interface AdminNavProps {
  role: string | undefined;
  /** Shown below 768 px (the Menu button's state); always shown above. */
  menuOpen: boolean;
  navRef: Ref<HTMLElement>;
}

export function AdminNav({ role, menuOpen, navRef }: AdminNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const idBase = useId();
  const here = currentGroup(pathname);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(here ? [here] : []));
  // Arriving on a screen of a folded group unfolds it; the others stay as they were.
  useEffect(() => {
    if (here) setOpen((groups) => (groups.has(here) ? groups : new Set([...groups, here])));
  }, [here]);
  const toggle = (key: string) =>
    setOpen((groups) => {
      const next = new Set(groups);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const entries = navEntries(role);
  const groups = NAV_GROUPS.map((group) => ({
    ...group,
    entries: entries.filter((entry) => group.items.includes(entry.navKey)),
  })).filter((group) => group.entries.length > 0);

  return (
    <nav
      ref={navRef}
      id="admin-nav"
      aria-label={t('admin-access.adminShell.navLabel')}
      className={cn(
        'border-b border-gray-200 bg-white md:block md:w-60 md:shrink-0 md:border-r md:border-b-0',
        menuOpen ? 'block' : 'hidden',
      )}
    >
      <ul className="grid gap-1 p-2">
        {groups.map((group) => {
          const expanded = open.has(group.key);
          const listId = `${idBase}-${group.key}`;
          return (
            <li key={group.key}>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => toggle(group.key)}
                className="flex w-full items-center justify-between gap-2 rounded-theme px-3 py-2 text-left text-sm font-semibold tracking-wide text-gray-800 uppercase hover:bg-gray-100"
              >
                {t(group.label)}
                <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
              </button>
              <ul id={listId} hidden={!expanded} className="grid gap-1 pl-2">
                {group.entries.map((entry) => (
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
              </ul>
            </li>
          );
        })}
        <li>
          <a href="/" className="block rounded-theme px-3 py-2 text-blue-800 underline hover:bg-gray-100">
            {t('admin-access.adminShell.publicSite')}
          </a>
        </li>
      </ul>
    </nav>
  );
}
