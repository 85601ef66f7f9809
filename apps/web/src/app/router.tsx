import { lazy, Suspense } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { LoadingOverlay } from '../components/ui/spinner.tsx';
import { NotFoundPage } from '../features/layout/components/not-found-page.tsx';
import { PublicLayout } from '../features/layout/components/public-layout.tsx';
import { type LazyPage, lazyPage } from './lazy-page.ts';

// Declarative routing (BrowserRouter): the data router's loaders and actions are not
// used, and leaving them out keeps about 15 KB gzipped off the citizen's first load.

// Each public page is its own chunk: the tracking page loads no wizard code and the
// wizard no tracking code. The server preloads the chunks of the page it sends
// (route-preloads.ts), so a lazy page costs no extra round trip, and main.tsx runs the
// first page's chunk before the first render (loadFirstPage).
const WizardPage = lazyPage(() =>
  import('../features/wizard/components/wizard-page.tsx').then((module) => module.WizardPage),
);
// A pole's QR address starts the wizard with the pole chosen: its own chunk.
const PolePage = lazyPage(() =>
  import('../features/wizard/components/pole-page.tsx').then((module) => module.PolePage),
);
const TrackingPage = lazyPage(() =>
  import('../features/tracking/components/tracking-page.tsx').then((module) => module.default),
);

// The privacy notice and accessibility statement: one small chunk for both.
const loadNotices = () => import('../features/layout/components/notice-page.tsx');
const PrivacyPage = lazyPage(() => loadNotices().then((module) => module.PrivacyPage));
const AccessibilityPage = lazyPage(() => loadNotices().then((module) => module.AccessibilityPage));

// The administrator app is a separate chunk (and its catalogues with it): the public first load never carries it.
const AdminApp = lazy(() => import('./admin/admin-app.tsx'));
// The transparency page: its own chunk, and its charts another (Recharts) below it.
const TransparencyPage = lazyPage(() =>
  import('../features/transparency/components/transparency-page.tsx').then((module) => module.default),
);
const UnsubscribePage = lazyPage(() =>
  import('../features/unsubscribe/components/unsubscribe-page.tsx').then((module) => module.default),
);
const OpenDataPage = lazyPage(() =>
  import('../features/open-data/components/open-data-page.tsx').then((module) => module.default),
);

// The crew's phone app (issue 37): its own chunk and screen, outside the public layout.
const FieldPage = lazyPage(() =>
  import('../features/field/components/field-page.tsx').then((module) => module.default),
);

/** The public pages, each drawn in the public layout. */
const PUBLIC_PAGES: [path: string, page: LazyPage][] = [
  ['/', WizardPage],
  ['/p/:companyId/:number', PolePage],
  ['/track', TrackingPage],
  ['/track/:id', TrackingPage],
  ['/privacy', PrivacyPage],
  ['/accessibility', AccessibilityPage],
  ['/transparencia', TransparencyPage],
  ['/unsubscribe', UnsubscribePage],
  ['/open-data', OpenDataPage],
];

/** Runs the chunk of the public page at `pathname`, if it is one: resolves once it can be drawn at once. */
export function loadFirstPage(pathname: string): Promise<unknown> {
  const page = matchPath('/campo', pathname)
    ? FieldPage
    : PUBLIC_PAGES.find(([path]) => matchPath(path, pathname))?.[1];
  return page ? page.load() : Promise.resolve();
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Suspense fallback={<LoadingOverlay />}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="/campo" element={<FieldPage />} />
          <Route element={<PublicLayout />}>
            {PUBLIC_PAGES.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
