import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// findBy* and waitFor wait up to 5 s (Testing Library's default is 1 s): on CI's two cores,
// busy with PostgreSQL and the API suites beside jsdom, a screen that draws after a fetch and
// a lazy import took longer than 1 s now and then, failing a test that was right.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no pointer capture; Radix's toast calls it when a toast's link is pressed (a swipe's start).
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => cleanup());

// Most files share a worker's modules and jsdom (vitest.config.ts): what a file leaves in
// storage, the toasts, the page's title or the language it switched to do not reach the next.
afterAll(async () => {
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  const { currentToasts, dismiss } = await import('./components/ui/toast.tsx');
  for (const item of currentToasts()) dismiss(item.id);
  const { currentLanguage, setLanguage } = await import('./lib/i18n.ts');
  if (currentLanguage() !== 'pt') await setLanguage('pt');
});
