// The import boundaries `npm run lint` keeps beside Biome (which finds file-level import cycles
// with noImportCycles). Web: features never import each other, shared web code (components,
// lib) imports no feature and no app code, features import no app code. API (decision 0046):
// a feature imports its own folder, src/core, src/lib and src/db (plus the dependency bag's and
// the settings' types, the hot path's one door, and HTTP plugins from its routes), and another
// feature only through API_ALLOWED below; core, lib and db import no feature and no plugin; the
// hot path imports no feature, plugin or app wiring; a service or repository imports no HTTP
// plugin; only src/hot-path/hot-path.ts opens the hot path. Any cycle between API features
// fails, type-only imports included. Biome's noRestrictedImports matches the written
// specifier, not the file it resolves to, so relative paths would slip past it (decision 0015).
// Usage: node scripts/check-boundaries.mjs [root]; exits 1 on a breach.
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

/**
 * API feature → feature imports that stay, each with its reason (decision 0046). Anything
 * shared by two features otherwise moves down to src/core, and a feature that must react to
 * another gets a callback handed in where the app is built.
 */
export const API_ALLOWED = new Map([
  ['open311>repair-requests', 'Open311 is a second door for filing: it runs createRepairRequest and its rules'],
  ['open311>geocoding', 'a GeoReport POST may leave out the point or the address: the one paced geocoder finds it'],
  ['repair-requests>geocoding', 'filing looks the area up, and schedules its retry, as the request is stored'],
  ['repair-requests>poles', 'filing by a pole code reads that pole'],
  ['integrations>admin-requests', "a company's system changes a request by the operators' rules (0066)"],
  ['crew>admin-requests', "a crew's fix completes a request by the operators' rules (0068)"],
  ['crew>photos', "a crew's photo is re-encoded and stored as a citizen's is (0068)"],
  ['work-orders>photos', "the office reads a crew's photo from the store a citizen's is kept in (0068)"],
  ['admin-requests>reply-templates', "a status update may pick a reply template, whose rules are the templates'"],
  ['duplicates>admin-requests', 'merging answers with the admin view of the request it changed'],
  ['retention>admin-requests', 'anonymising answers with the admin view of the request it changed'],
  ['retention>photos', "purging a request removes its photos' rows and files"],
  ['users>auth', "an account's sessions and second factor are auth's: the users screen revokes and reads them"],
]);

/** Cycles in a graph given as Map<node, Set<node>>, each as a list of nodes (Tarjan's SCCs of size > 1). */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
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
        // The match opens with the character before `import` (a newline on any line but the first).
        const line = text.slice(0, match.index + match[0].search(/import|export/)).split('\n').length;
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
  // Every API feature → feature import, type-only and test ones included, for the cycle check.
  const featureGraph = new Map();
  check(api, (from, to, file) => {
    const test = /\.test\.ts$/.test(file);
    if (from[0] === 'features' && to[0] === 'features' && from[1] !== to[1] && from.length > 2 && to.length > 2) {
      if (!featureGraph.has(from[1])) featureGraph.set(from[1], new Set());
      featureGraph.get(from[1]).add(to[1]);
    }
    if (to[0] === 'plugins' && from[0] !== 'plugins' && /\.(service|repository)\.ts$/.test(file)) {
      return 'a service or repository imports an HTTP plugin: plugins call services, not the other way';
    }
    const attaching = from.join('/') === 'db/database.ts' && to[1] === 'raw-handles.ts';
    if (to[0] === 'hot-path' && from[0] !== 'hot-path' && to[1] !== 'hot-path.ts' && !attaching) {
      return 'src/hot-path is reached through hot-path.ts only: its statements and raw handles stay inside';
    }
    // Its tests build the whole app, to compare the fast answers with Fastify's.
    const wiring = test ? ['features', 'plugins'] : ['features', 'plugins', 'app.ts', 'app-deps.ts', 'main.ts'];
    if (from[0] === 'hot-path' && wiring.includes(to[0])) {
      return `src/hot-path imports src/${to.slice(0, 2).join('/')}: the lowest layer takes what it needs as arguments`;
    }
    if (['core', 'lib', 'db'].includes(from[0]) && ['features', 'plugins', 'app.ts', 'main.ts'].includes(to[0])) {
      return `src/${from[0]} imports src/${to.slice(0, 2).join('/')}: ${from[0]} comes below features and plugins`;
    }
    if ((from[0] === 'lib' || from[0] === 'db') && to[0] === 'core') {
      return `src/${from[0]} imports src/core: core is built on lib and db, not under them`;
    }
    if (from[0] !== 'features' || from.length < 3) return null;
    if (to[0] === 'features' && to.length > 2) {
      if (to[1] === from[1] || test || API_ALLOWED.has(`${from[1]}>${to[1]}`)) return null;
      return `API feature "${from[1]}" imports feature "${to[1]}": move what they share to src/core, or hand in a callback where the app is built`;
    }
    if (['core', 'lib', 'db', 'app-deps.ts', 'config.ts'].includes(to[0])) return null;
    if (to[0] === 'hot-path') return null;
    if (to[0] === 'plugins' && (/\.routes\.ts$/.test(file) || test)) return null;
    if (to[0] === 'app.ts' && test) return null;
    return `API feature "${from[1]}" imports src/${to.join('/')}: a feature imports its own folder, core, lib and db`;
  });
  for (const cycle of findCycles(featureGraph)) {
    breaches.push(
      `apps/api/src/features: features ${cycle.map((f) => `"${f}"`).join(', ')} import each other in a cycle`,
    );
  }
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
