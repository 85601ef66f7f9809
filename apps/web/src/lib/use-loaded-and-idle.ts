// Whether the page has loaded, `ready` has become true and the browser has then had an idle moment
// (at most 2 s later): what the first screen does not show waits for it, so its chunks come after
// the paint of what it does show and do not compete with the page's own data (decision 0054).
import { useEffect, useState } from 'react';

export function useLoadedAndIdle(ready = true): boolean {
  const [idled, setIdled] = useState(false);
  useEffect(() => {
    if (!ready || idled) return;
    let idle: number | undefined;
    const whenIdle = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setIdled(true), { timeout: 2000 })
        : window.setTimeout(() => setIdled(true), 1);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, [ready, idled]);
  return idled;
}
