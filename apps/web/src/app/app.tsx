import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { AppRoutes } from './router.tsx';

// The toasts' viewport (Radix) comes in its own chunk once the page has loaded and the browser is
// idle, so it does not compete with the page's own data (decision 0052); a toast raised before it
// arrives waits in the store and shows when it does.
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

function useLoadedAndIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const whenIdle = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setReady(true), { timeout: 2000 })
        : window.setTimeout(() => setReady(true), 1);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, []);
  return ready;
}

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
