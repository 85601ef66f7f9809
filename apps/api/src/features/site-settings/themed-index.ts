// index.html with the current theme inlined (a <style> of CSS variables in the head),
// so the first paint already has the admin's colours: no flash of the default theme.
// Kept in memory per app (themed-index-cache.ts), rebuilt on a theme save and at most every
// 30 s otherwise (other instances sharing the database catch up within that time).
import { readFile } from 'node:fs/promises';
import { type PublicTheme, themeCssRule } from '@acende/shared/schemas/theme';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { effectiveCaptcha } from '../captcha/captcha.service.ts';
import { captchaCspSources } from '../captcha/captcha-csp.ts';
import { readPublicTheme } from './site-settings.service.ts';
import { freshThemedIndex, keepThemedIndex, type ThemedPage } from './themed-index-cache.ts';

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

/** Sends the themed index.html for a client route. */
export async function sendThemedIndex(deps: AppDeps, reply: FastifyReply, indexPath: string): Promise<FastifyReply> {
  let page = freshThemedIndex(deps);
  if (!page) {
    page = await build(deps, indexPath);
    keepThemedIndex(deps, page);
  }
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string' && Object.keys(page.csp).length) {
    reply.header('content-security-policy', extendCsp(csp, page.csp));
  }
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
}
