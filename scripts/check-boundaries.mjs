// The import boundaries `npm run lint` keeps beside Biome (which finds import cycles with
// noImportCycles): web features never import each other, shared web code (components, lib)
// imports no feature and no app code, features import no app code, and on the API a
// service or repository imports no HTTP plugin and only src/hot-path/hot-path.ts opens the
// hot path (its raw driver handles stay inside it). Biome's noRestrictedImports matches the
// written specifier, not the file it resolves to, so relative paths would slip past it
// (docs/decisions/0015). Usage: node scripts/check-boundaries.mjs [root]; exits 1 on a breach.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SPECIFIER = /(?:^|[^\w$.])(?:import|export)\s*(?:type\s+)?(?:[^'"`;]*?\sfrom\s*)?\(?\s*['"]([^'"]+)['"]/g;

function* sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(path);
    } else if (/\.(ts|tsx|mts|js|jsx|mjs)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) yield path;
  }
}

/** The top folder of `path` below `base` ('features/wizard' gives ['features', 'wizard']), or null outside it. */
function place(base, path) {
  const rel = relative(base, path);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep);
}

/** Every breach of the rules under `root`, as 'file:line: message'. */
export function findBreaches(root) {
  const breaches = [];
  const web = join(root, 'apps/web/src');
  const api = join(root, 'apps/api/src');
  const check = (base, rule) => {
    for (const file of sourceFiles(base)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(SPECIFIER)) {
        const specifier = match[1];
        if (!specifier.startsWith('.')) continue;
        const from = place(base, file);
        const to = place(base, resolve(dirname(file), specifier));
        const message = from && to ? rule(from, to, file) : null;
        if (!message) continue;
        const line = text.slice(0, match.index).split('\n').length;
        breaches.push(`${relative(root, file)}:${line}: ${message} (${specifier})`);
      }
    }
  };
  check(web, (from, to) => {
    if (to[0] === 'features' && from[0] === 'features' && from[1] !== to[1]) {
      return `web feature "${from[1]}" imports feature "${to[1]}": move what they share to src/components or src/lib`;
    }
    if ((from[0] === 'components' || from[0] === 'lib') && (to[0] === 'features' || to[0] === 'app')) {
      return `shared web code (src/${from[0]}) imports src/${to[0]}: shared code comes below features`;
    }
    if (from[0] === 'features' && to[0] === 'app') return 'a web feature imports src/app: the app composes features';
    return null;
  });
  check(api, (from, to, file) => {
    if (to[0] === 'plugins' && from[0] !== 'plugins' && /\.(service|repository)\.ts$/.test(file)) {
      return 'a service or repository imports an HTTP plugin: plugins call services, not the other way';
    }
    const attaching = from.join('/') === 'db/database.ts' && to[1] === 'raw-handles.ts';
    if (to[0] === 'hot-path' && from[0] !== 'hot-path' && to[1] !== 'hot-path.ts' && !attaching) {
      return 'src/hot-path is reached through hot-path.ts only: its statements and raw handles stay inside';
    }
    return null;
  });
  return breaches;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));
  const breaches = findBreaches(root);
  for (const breach of breaches) console.error(breach);
  if (breaches.length) {
    console.error(`\n${breaches.length} import boundary breach(es).`);
    process.exit(1);
  }
  console.log('Import boundaries: none crossed.');
}
