// A lazily loaded chunk can vanish when a new version is deployed while the page is open.
// Reloading once fetches the new version; the wizard's data survives in session storage.
const FLAG = 'acende.chunkReload';

export function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  return load().then(
    (module) => {
      try {
        sessionStorage.removeItem(FLAG);
      } catch {
        // storage unavailable: nothing to clear
      }
      return module;
    },
    (error: unknown) => {
      try {
        if (!sessionStorage.getItem(FLAG)) {
          sessionStorage.setItem(FLAG, '1');
          window.location.reload();
        }
      } catch {
        // storage unavailable: let the error show
      }
      throw error;
    },
  );
}
