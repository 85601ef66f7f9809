import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';

/**
 * After a move to another public page, focus goes to its h1 (the main region when it has
 * none), so keyboard and screen reader users start at the new page's title, which is read.
 */
function useFocusOnPageChange(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = main.current?.querySelector<HTMLElement>('h1') ?? main.current;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [pathname]);
}

export function PublicLayout() {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  useFocusOnPageChange(main);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t('common.app.skipToContent')}
      </a>
      <PublicHeader />
      <main ref={main} id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 outline-none">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
