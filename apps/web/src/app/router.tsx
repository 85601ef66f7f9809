import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoadingOverlay } from '../components/ui/spinner.tsx';
import { NotFoundPage } from '../features/layout/components/not-found-page.tsx';
import { PublicLayout } from '../features/layout/components/public-layout.tsx';

// Declarative routing (BrowserRouter): the data router's loaders and actions are not
// used, and leaving them out keeps about 15 KB gzipped off the citizen's first load.

// Each public page is its own chunk: the tracking page loads no wizard code and the
// wizard no tracking code. The server preloads the chunks of the page it sends
// (route-preloads.ts), so a lazy page costs no extra round trip.
const WizardPage = lazy(() =>
  import('../features/wizard/components/wizard-page.tsx').then((module) => ({ default: module.WizardPage })),
);
// A pole's QR address starts the wizard with the pole chosen: its own chunk.
const PolePage = lazy(() =>
  import('../features/wizard/components/pole-page.tsx').then((module) => ({ default: module.PolePage })),
);
const TrackingPage = lazy(() => import('../features/tracking/components/tracking-page.tsx'));

// The privacy notice and accessibility statement: one small chunk for both.
const loadNotices = () => import('../features/layout/components/notice-page.tsx');
const PrivacyPage = lazy(() => loadNotices().then((module) => ({ default: module.PrivacyPage })));
const AccessibilityPage = lazy(() => loadNotices().then((module) => ({ default: module.AccessibilityPage })));

// The administrator app is a separate chunk (and its catalogues with it): the public first load never carries it.
const AdminApp = lazy(() => import('./admin/admin-app.tsx'));
// The transparency page: its own chunk, and its charts another (Recharts) below it.
const TransparencyPage = lazy(() => import('../features/transparency/components/transparency-page.tsx'));
const UnsubscribePage = lazy(() => import('../features/unsubscribe/components/unsubscribe-page.tsx'));
const OpenDataPage = lazy(() => import('../features/open-data/components/open-data-page.tsx'));

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Suspense fallback={<LoadingOverlay />}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
          <Route element={<PublicLayout />}>
            <Route path="/" element={<WizardPage />} />
            <Route path="/p/:companyId/:number" element={<PolePage />} />
            <Route path="/track" element={<TrackingPage />} />
            <Route path="/track/:id" element={<TrackingPage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="/accessibility" element={<AccessibilityPage />} />
            <Route path="/transparencia" element={<TransparencyPage />} />
            <Route path="/unsubscribe" element={<UnsubscribePage />} />
            <Route path="/open-data" element={<OpenDataPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
