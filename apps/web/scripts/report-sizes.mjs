// Prints the gzipped size of every built JS chunk and the first load of each public page
// (from dist/.vite/chunk-graph.json, written by chunk-graph.ts), and fails the build when
// a page's first-load JavaScript passes the budget, when the tracking page carries wizard
// code, or when a public page carries administrator code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** At most 100 KB of gzipped JavaScript before a citizen's page can be used (issue 35; 120 KB since issue 20). */
const BUDGET_KB = 100;
// WEB_DIST: another build to check (the budget's own test gives it fixtures).
const dist = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'dist');
const kb = (bytes) => (bytes / 1024).toFixed(1);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const { chunks, pages } = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-graph.json'), 'utf8'));
const problems = [];

console.log('\nBuilt chunks (gzipped):');
for (const file of Object.keys(chunks).sort()) console.log(`  ${file.padEnd(52)} ${kb(gz(file)).padStart(8)} KB`);

console.log(`\nFirst load of each public page (budget ${BUDGET_KB} KB of JavaScript):`);
for (const [page, files] of Object.entries(pages)) {
  const js = files.filter((file) => file.endsWith('.js'));
  const jsBytes = js.reduce((sum, file) => sum + gz(file), 0);
  const cssBytes = files.filter((file) => file.endsWith('.css')).reduce((sum, file) => sum + gz(file), 0);
  console.log(
    `  ${page.padEnd(12)} JavaScript ${kb(jsBytes).padStart(6)} KB in ${js.length} files, CSS ${kb(cssBytes)} KB`,
  );
  if (jsBytes > BUDGET_KB * 1024) problems.push(`${page}: first-load JavaScript ${kb(jsBytes)} KB > ${BUDGET_KB} KB`);
  const modules = js.flatMap((file) => chunks[file].modules);
  const admin = modules.filter((module) =>
    /^src\/(app\/admin|features\/(?!wizard|tracking|layout|unsubscribe|transparency|open-data)[^/]+\/)/.test(module),
  );
  if (admin.length) problems.push(`${page}: administrator code in the first load (${admin.slice(0, 3).join(', ')})`);
  if (page.startsWith('/track')) {
    const wizard = modules.filter((module) => module.startsWith('src/features/wizard/'));
    if (wizard.length) problems.push(`${page}: wizard code in the tracking page (${wizard.slice(0, 3).join(', ')})`);
  }
}

if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
