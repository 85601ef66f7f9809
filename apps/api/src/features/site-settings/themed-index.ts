// index.html with the current theme inlined (a <style> of CSS variables in the head),
// so the first paint already has the admin's colours: no flash of the default theme.
// Kept in memory per app (themed-index-cache.ts), rebuilt on a theme save and at most every
// 30 s otherwise (other instances sharing the database catch up within that time).
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type PublicTheme, themeCssRule } from '@acende/shared/schemas/theme';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { effectiveCaptcha } from '../../core/captcha/captcha.service.ts';
import { captchaCspSources } from '../../core/captcha/captcha-csp.ts';
import { freshThemedIndex, keepThemedIndex, type ThemedPage } from '../../core/themed-index-cache.ts';
import { readPublicTheme } from './site-settings.service.ts';

const templates = new Map<string, string>();

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `template` with the first match of `pattern` replaced by `insert` taken literally: a
 * replacement string would expand `$&`, `$\``, `$'` of a stored value into pieces of the
 * page, a replacer function's result is never expanded.
 */
const replaceFirst = (template: string, pattern: string | RegExp, insert: string) =>
  template.replace(pattern, () => insert);

/** Puts the theme into an index.html text: the variables, the browser theme colour, the logo. */
export function injectTheme(template: string, theme: PublicTheme): string {
  const head = [
    `<style id="acende-theme">${themeCssRule(theme)}</style>`,
    theme.logoUrl ? `<meta name="acende-logo" content="${escapeAttr(theme.logoUrl)}" />` : '',
  ].join('');
  const withColour = replaceFirst(
    template,
    /<meta name="theme-color" content="[^"]*"\s*\/?>/,
    `<meta name="theme-color" content="${escapeAttr(theme.darkMode ? '#16181d' : theme.primaryColor)}" />`,
  );
  return withColour.includes('</head>') ? replaceFirst(withColour, '</head>', `${head}</head>`) : head + withColour;
}

async function build(deps: AppDeps, indexPath: string): Promise<ThemedPage> {
  let template = templates.get(indexPath);
  if (template === undefined) {
    template = await readFile(indexPath, 'utf8');
    templates.set(indexPath, template);
  }
  const [theme, captcha] = await Promise.all([readPublicTheme(deps), effectiveCaptcha(deps)]);
  return {
    html: injectTheme(template, theme),
    csp: captcha.enabled ? captchaCspSources(captcha.provider) : {},
    builtAt: Date.now(),
  };
}

/** Adds the chosen captcha provider's origins to the page's Content-Security-Policy. */
function extendCsp(header: string, extra: Record<string, string[]>): string {
  let policy = header;
  for (const [directive, sources] of Object.entries(extra)) {
    if (!sources.length) continue;
    const pattern = new RegExp(`(^|;)\\s*${directive}([^;]*)`);
    policy = pattern.test(policy)
      ? policy.replace(pattern, (_m, lead: string, rest: string) => `${lead}${directive}${rest} ${sources.join(' ')}`)
      : `${policy};${directive} ${sources.join(' ')}`;
  }
  return policy;
}

/**
 * The encoding the client asks for (br first, then gzip, none at q=0), as @fastify/static
 * chooses for the built files: `*` counts as gzip.
 */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const header = acceptEncoding.toLowerCase().replace(/\*/g, 'gzip');
  return negotiate(header, ['br', 'gzip'] as const) ?? undefined;
}

/**
 * The page's html with `head` (one per page pattern: a handful) in `encoding`, compressed
 * once per build of the page.
 */
function encodedHtml(page: ThemedPage, html: string, head: string, encoding: 'br' | 'gzip'): Buffer {
  page.encoded ??= new Map();
  const key = `${encoding} ${head}`;
  let body = page.encoded.get(key);
  if (body === undefined) {
    const bytes = Buffer.from(html);
    body =
      encoding === 'br'
        ? brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          })
        : gzipSync(bytes, { level: 9 });
    page.encoded.set(key, body);
  }
  return body;
}

export interface PageOptions {
  /** 404 for a path the app does not draw: the app then shows its not-found page. */
  status?: number;
  /** Added to the page's head: the page's preloads (route-preloads.ts). */
  head?: string;
}

/**
 * Sends the themed index.html for a client route, compressed when the client accepts it
 * and never cached stale.
 */
export async function sendThemedIndex(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  indexPath: string,
  { status = 200, head = '' }: PageOptions = {},
): Promise<FastifyReply> {
  let page = freshThemedIndex(deps);
  if (!page) {
    page = await build(deps, indexPath);
    keepThemedIndex(deps, page);
  }
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string' && Object.keys(page.csp).length) {
    reply.header('content-security-policy', extendCsp(csp, page.csp));
  }
  const html = head ? replaceFirst(page.html, '</head>', `${head}</head>`) : page.html;
  reply
    .code(status)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  const encoding = pageEncoding(request.headers['accept-encoding']);
  if (encoding === undefined) return reply.send(html);
  return reply.header('content-encoding', encoding).send(encodedHtml(page, html, head, encoding));
}
