// Node.js 24 beside the Node 20 that installs the project (decision 0020): the `node`
// package and better-sqlite3 13 from the npm registry, in a cache folder. The lockfile's
// better-sqlite3 12 aborts on Node 24 ("Assertion failed: (env) != nullptr" when a statement
// is collected) and 13 crashes on Node 20, so under Node 24 a preloaded hook
// (node-24-sqlite-hook.mjs) points every import of better-sqlite3 at 13; node_modules is
// left as Node 20 needs it.
//   node scripts/node-24.mjs              installs both (once; kept in the cache folder)
//   node scripts/node-24.mjs -- CMD ARGS  runs CMD with Node 24 first on PATH and the hook
// The cache folder is NODE24_DIR, by default node_modules/.cache/acende-node-24.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const NODE24_VERSION = '24.21.0';
/** Node-API prebuilt binaries in the package (no compiler, no download from GitHub). */
export const SQLITE_FOR_NODE24 = '13.2.0';

const root = join(import.meta.dirname, '..');
const cache = process.env.NODE24_DIR ?? join(root, 'node_modules', '.cache', 'acende-node-24');
const installed = (name) => {
  const file = join(cache, 'node_modules', name, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
};

function must(result, what) {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal})`);
}

function install() {
  if (installed('node') === NODE24_VERSION && installed('better-sqlite3') === SQLITE_FOR_NODE24) return;
  mkdirSync(cache, { recursive: true });
  // The `node` package's preinstall fetches node-<os>-<cpu> from the registry: reviewed here.
  writeFileSync(
    join(cache, 'package.json'),
    `${JSON.stringify({ private: true, engines: { node: '>=22' }, allowScripts: { node: true } })}\n`,
  );
  const packages = [`node@${NODE24_VERSION}`, `better-sqlite3@${SQLITE_FOR_NODE24}`];
  console.log(`Installing ${packages.join(' and ')} from the npm registry into ${cache}...`);
  must(
    spawnSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', ...packages], {
      cwd: cache,
      stdio: 'inherit',
      // better-sqlite3 13 asks for Node 22+: true of the Node that will load it, not of the npm that fetches it.
      env: { ...process.env, npm_config_engine_strict: 'false', npm_config_loglevel: 'error' },
    }),
    `npm install ${packages.join(' ')}`,
  );
}

/** Node 24's path and the environment that runs commands on it, once installed (nothing checked). */
export function node24Paths() {
  const node = join(cache, 'node_modules', 'node', 'bin', 'node');
  const original = dirname(createRequire(join(root, 'package.json')).resolve('better-sqlite3/package.json'));
  const hook = pathToFileURL(join(import.meta.dirname, 'node-24-sqlite-hook.mjs')).href;
  const env = {
    PATH: `${dirname(node)}${delimiter}${process.env.PATH}`,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${hook}`].filter(Boolean).join(' '),
    ACENDE_SQLITE_FROM: original,
    ACENDE_SQLITE_TO: join(cache, 'node_modules', 'better-sqlite3'),
  };
  return { node, env };
}

/** Installs what is missing; returns Node 24's path and the environment that runs commands on it. */
export function prepareNode24() {
  install();
  const { node, env } = node24Paths();
  // Proof in the log that Node 24 loads the other better-sqlite3 through the hook, and it answers.
  must(
    spawnSync(
      node,
      [
        '-e',
        [
          "const D = require('better-sqlite3');",
          "const v = new D(':memory:').prepare('select sqlite_version()').pluck().get();",
          "console.log('Node', process.version, 'loads', require.resolve('better-sqlite3'), '(SQLite ' + v + ')');",
        ].join(' '),
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
    ),
    'loading better-sqlite3 on Node 24',
  );
  return { node, env };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { env } = prepareNode24();
  const dash = process.argv.indexOf('--');
  if (dash >= 0 && process.argv[dash + 1]) {
    const [command, ...args] = process.argv.slice(dash + 1);
    const result = spawnSync(command, args, { cwd: process.cwd(), stdio: 'inherit', env: { ...process.env, ...env } });
    process.exit(result.status ?? 1);
  }
}
