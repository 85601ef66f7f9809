import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { useLoadedAndIdle } from '../lib/use-loaded-and-idle.ts';
import { AppRoutes } from './router.tsx';

// The toasts' viewport (Radix) comes in its own chunk once the page has loaded and the browser is
// idle, so it does not compete with the page's own data (decision 0054); a toast raised before it
// arrives waits in the store and shows when it does.
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const toasts = useLoadedAndIdle();
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      {toasts ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
