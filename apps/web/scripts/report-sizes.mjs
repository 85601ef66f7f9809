// Prints the gzipped size of every built JS chunk and of the public first load
// (index.html's entry plus its static imports), and fails when the public first load
// passes the budget or carries administrator code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 180;
const dist = join(import.meta.dirname, '..', 'dist');
const assets = join(dist, 'assets');
const kb = (bytes) => (bytes / 1024).toFixed(1);
const gz = (file) => gzipSync(readFileSync(join(assets, file))).length;

const files = readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);

// Static imports of the entry chunks (modulepreload links are what the browser loads first).
const firstLoad = new Set(entries);
const queue = entries.filter((f) => f.endsWith('.js'));
while (queue.length) {
  const file = queue.pop();
  const code = readFileSync(join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    if (!firstLoad.has(m[1])) {
      firstLoad.add(m[1]);
      queue.push(m[1]);
    }
  }
}

console.log('\nBuilt assets (gzipped):');
for (const file of files.sort())
  console.log(`  ${firstLoad.has(file) ? '*' : ' '} ${file.padEnd(48)} ${kb(gz(file)).padStart(8)} KB`);
const jsTotal = [...firstLoad].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
const cssTotal = [...firstLoad].filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0);
console.log(
  `\nPublic first load (*): JavaScript ${kb(jsTotal)} KB gzipped (budget ${BUDGET_KB} KB), CSS ${kb(cssTotal)} KB`,
);

const adminInFirstLoad = [...firstLoad].filter((f) => {
  const code = readFileSync(join(assets, f), 'utf8');
  return /admin-only-marker|\/api\/admin\//.test(code);
});
if (jsTotal > BUDGET_KB * 1024) {
  console.error(`Public first-load JavaScript is over budget: ${kb(jsTotal)} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}
if (adminInFirstLoad.length) {
  console.error(`Administrator code found in the public first load: ${adminInFirstLoad.join(', ')}`);
  process.exit(1);
}
