// The administrator app, loaded lazily at /admin/*: its catalogues, the public admin
// screens (sign-in, password reset) and the signed-in screens inside the shell.
import './load-catalogues.ts';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../../features/layout/components/not-found-page.tsx';
import { adminRoutes, publicAdminRoutes } from './admin-routes.tsx';
import { AdminLayout } from './components/admin-layout.tsx';
import { ProfileSpinner, RequireAdmin, RequireProfile } from './components/route-guards.tsx';

export default function AdminApp() {
  return (
    <Routes>
      {publicAdminRoutes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={<Suspense fallback={<ProfileSpinner />}>{route.element}</Suspense>}
        />
      ))}
      <Route
        element={
          <RequireProfile>
            <AdminLayout />
          </RequireProfile>
        }
      >
        <Route index element={<Navigate to="/admin/dashboard" replace />} />
        {adminRoutes.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={route.level === 'admin' ? <RequireAdmin>{route.element}</RequireAdmin> : route.element}
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
