// Preloaded (--import) into every process of npm test's Node 24 stage (scripts/node-24.mjs):
// node_modules holds the better-sqlite3 that Node 20 runs, which aborts on Node 24, so each file
// of it that Node 24 resolves, by import or require, is taken from the one installed for Node 24.
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const { ACENDE_SQLITE_FROM: from, ACENDE_SQLITE_TO: to } = process.env;
if (from && to) {
  const fromUrl = `${pathToFileURL(from).href}/`;
  const toUrl = `${pathToFileURL(to).href}/`;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const result = nextResolve(specifier, context);
      return result.url?.startsWith(fromUrl) ? { ...result, url: toUrl + result.url.slice(fromUrl.length) } : result;
    },
  });
}
