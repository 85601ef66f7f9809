// `npm run bench [-- --rows N --duration S --engines sqlite,postgres]`: builds the API when
// its bundle is missing or older than its sources, then runs bench/run.ts (see there).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bundle = join(root, 'apps', 'api', 'dist', 'main.js');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

const sources = Math.max(newest(join(root, 'apps', 'api', 'src')), newest(join(root, 'packages', 'shared', 'src')));
if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) {
  console.error('Building the API…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@acende/api'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(root, 'bench', 'run.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
