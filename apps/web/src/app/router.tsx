import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '../features/layout/components/not-found-page.tsx';
import { PublicLayout } from '../features/layout/components/public-layout.tsx';
import { WizardPage } from '../features/wizard/components/wizard-page.tsx';

export function createRouter() {
  return createBrowserRouter([
    {
      element: <PublicLayout />,
      children: [
        { path: '/', element: <WizardPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
