// The chunks a public page needs before it can draw, preloaded in the page the server
// sends: each page is a lazy chunk of the web app (the tracking page carries no wizard
// code), and without these links the browser would find the page's chunk only after the
// entry had run, one round trip later. The list comes from the build
// (apps/web/chunk-graph.ts writes dist/.vite/chunk-graph.json).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pagePatternRegex } from '../../lib/page-paths.ts';

interface ChunkGraphPages {
  pages: Record<string, string[]>;
}

export type RoutePreloads = (path: string) => string;

const NONE: RoutePreloads = () => '';

/**
 * Reads the build's page list once: for a path, the `<link rel="modulepreload">` tags of
 * the JavaScript its page needs that index.html does not already load (none for other paths).
 */
export function loadRoutePreloads(webRoot: string, indexHtml: string): RoutePreloads {
  const file = join(webRoot, '.vite', 'chunk-graph.json');
  if (!existsSync(file)) return NONE;
  const { pages } = JSON.parse(readFileSync(file, 'utf8')) as ChunkGraphPages;
  const routes = Object.entries(pages).map(([pattern, files]) => ({
    regex: pagePatternRegex(pattern),
    links: files
      .filter((asset) => asset.endsWith('.js') && !indexHtml.includes(`/${asset}"`))
      .map((asset) => `<link rel="modulepreload" crossorigin href="/${asset}">`)
      .join(''),
  }));
  return (path) => {
    const bare = path.split('?')[0] ?? path;
    return routes.find((route) => route.regex.test(bare))?.links ?? '';
  };
}
