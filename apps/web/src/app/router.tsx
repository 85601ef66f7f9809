import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { LoadingOverlay } from '../components/ui/spinner.tsx';
import { NotFoundPage } from '../features/layout/components/not-found-page.tsx';
import { PublicLayout } from '../features/layout/components/public-layout.tsx';
import { WizardPage } from '../features/wizard/components/wizard-page.tsx';

// The tracking page is its own chunk: the wizard's first load does not carry it.
const trackingRoute = () =>
  import('../features/tracking/components/tracking-page.tsx').then((module) => ({ Component: module.default }));

// The administrator app is a separate chunk (and its catalogues with it): the public first load never carries it.
const AdminApp = lazy(() => import('./admin/admin-app.tsx'));

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/admin/*',
      element: (
        <Suspense fallback={<LoadingOverlay />}>
          <AdminApp />
        </Suspense>
      ),
    },
    {
      element: <PublicLayout />,
      hydrateFallbackElement: <LoadingOverlay />,
      children: [
        { path: '/', element: <WizardPage /> },
        { path: '/track', lazy: trackingRoute },
        { path: '/track/:id', lazy: trackingRoute },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
