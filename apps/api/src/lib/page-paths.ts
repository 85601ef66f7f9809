// Which page paths the web app draws (packages/shared/src/page-routes.ts), matched as React
// Router matches them: `:name` is one non-empty segment, a trailing slash and letter case do
// not matter. The server answers these with HTTP 200 and any other page path with 404.
import { ADMIN_PAGE_PATHS, PUBLIC_PAGE_PATHS } from '@acende/shared/page-routes';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A page pattern (`/track/:id`) as a regular expression over a path without its query. */
export const pagePatternRegex = (pattern: string) => {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegex(segment)));
  return new RegExp(`^/${segments.join('/')}${segments.length ? '/?' : ''}$`, 'i');
};

const PAGE_PATTERNS = [
  ...PUBLIC_PAGE_PATHS,
  ...ADMIN_PAGE_PATHS.map((path) => (path ? `/admin/${path}` : '/admin')),
].map(pagePatternRegex);

/** Whether the web app draws a page at `url` (its path as the router reads it; a query is ignored). */
export function isPagePath(url: string): boolean {
  const end = url.search(/[?#]/);
  const path = end < 0 ? url : url.slice(0, end);
  return PAGE_PATTERNS.some((pattern) => pattern.test(path));
}
