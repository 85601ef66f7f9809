import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadFirstPage } from './app/router.tsx';
import { i18nReady } from './lib/i18n.ts';

const root = document.getElementById('root');
if (root) {
  // Portuguese is bundled (ready at once); English waits for its catalogue chunk. The page's own
  // chunk, which the server preloaded, runs first too: the first render draws the page itself
  // rather than a fallback (app/lazy-page.ts). When it fails, the page's lazy load tries again.
  // A transition: React renders the first screen in slices that let the browser breathe
  // (a phone's main thread is never blocked for long), instead of one long task.
  void Promise.all([i18nReady, loadFirstPage(window.location.pathname).catch(() => {})]).then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
}
