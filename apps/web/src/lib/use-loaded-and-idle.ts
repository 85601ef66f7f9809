// Whether the page has loaded and the browser has had an idle moment (at most 2 s after the load):
// what the first screen does not show waits for it, so its chunks do not come before the first
// paint or compete with the page's own data (decision 0054).
import { useEffect, useState } from 'react';

export function useLoadedAndIdle(): boolean {
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
