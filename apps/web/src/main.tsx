import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18nReady } from './lib/i18n.ts';

const root = document.getElementById('root');
if (root) {
  // Portuguese is bundled (ready at once); English waits for its catalogue chunk.
  // A transition: React renders the first screen in slices that let the browser breathe
  // (a phone's main thread is never blocked for long), instead of one long task.
  void i18nReady.then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
}
