// The themed index.html kept per app (themed-index.ts builds it). Apart from the builder so
// that the settings services, which drop it on a save, do not import what reads them.
import type { AppDeps } from '../app-deps.ts';

/** How long a built page is served before it is built again (other instances' saves show by then). */
export const THEMED_INDEX_TTL_MS = 30_000;

export interface ThemedPage {
  html: string;
  csp: Record<string, string[]>;
  builtAt: number;
  /** The html compressed (per encoding and added head), made on first asking and kept with this build of the page. */
  encoded?: Map<string, Buffer>;
}

const pages = new WeakMap<AppDeps, ThemedPage>();

/** The page built for `deps`, while it is fresh. */
export function freshThemedIndex(deps: AppDeps, now = Date.now()): ThemedPage | undefined {
  const page = pages.get(deps);
  return page && now - page.builtAt <= THEMED_INDEX_TTL_MS ? page : undefined;
}

export function keepThemedIndex(deps: AppDeps, page: ThemedPage): void {
  pages.set(deps, page);
}

/** Drops the page after a save that changes it (theme, captcha), so the next visit rebuilds it. */
export function invalidateThemedIndex(deps: AppDeps): void {
  pages.delete(deps);
}
