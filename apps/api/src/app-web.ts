// The built web app, served by the API: its files as the build compressed them, the themed
// index.html for the pages the app draws, and the not-found answer for everything else.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.ts';
import { loadRoutePreloads } from './features/site-settings/route-preloads.ts';
import { sendThemedIndex } from './features/site-settings/themed-index.ts';
import { AppError } from './lib/errors.ts';
import { isPagePath } from './lib/page-paths.ts';
import { routedPath } from './lib/routed-path.ts';
import { sendError } from './plugins/errors.ts';

/** Hashed build output: its name changes with its content, so it may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The other files at the root (favicon, robots.txt): kept a little, then checked again. */
const SHORT_CACHE = 'public, max-age=3600';
/** The service worker (decision 0063): asked again at every check, so a new one takes over at once. */
const SERVICE_WORKER = 'sw.js';

/**
 * Serves the built web app: its files as the build compressed them (brotli, gzip) when the
 * client accepts it, the themed index.html for every page the app draws (HTTP 200) and for
 * any other page path (HTTP 404, the app's not-found page).
 */
export async function registerWebApp(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const root = config.WEB_DIST ?? join(import.meta.dirname, '..', '..', 'web', 'dist');
  const hasWeb = existsSync(join(root, 'index.html'));
  const preloads = hasWeb ? loadRoutePreloads(root, readFileSync(join(root, 'index.html'), 'utf8')) : () => '';
  if (hasWeb) {
    const assets = join(root, 'assets');
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The .br/.gz siblings are chosen by Accept-Encoding (with Vary), not served by their
      // own names; index.html goes out themed (sendThemedIndex), never as the bare file.
      preCompressed: true,
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      setHeaders: (res, path) => {
        const cache = path.startsWith(`${assets}/`) ? IMMUTABLE : SHORT_CACHE;
        // A compressed sibling (sw.js.br, chosen by Accept-Encoding) is the service worker too.
        const file = path.replace(/\.(br|gz)$/, '');
        res.header('cache-control', file === join(root, SERVICE_WORKER) ? 'no-cache' : cache);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // The path as the router read it: an encoded `/%61pi/...` is an unknown API call, not a page.
    const path = routedPath(request.url);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/api?') &&
      path !== '/api';
    if (hasWeb && wantsPage) {
      // The theme is inlined into the page so it paints with the right colours at once.
      return sendThemedIndex(deps, request, reply, join(root, 'index.html'), {
        status: isPagePath(path) ? 200 : 404,
        head: preloads(path),
      });
    }
    return sendError(request, reply, new AppError('common.errors.routeNotFound', 404));
  });
}
