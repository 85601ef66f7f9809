// `npm start`: builds whatever is missing or older than its sources, then runs the one
// server process that serves the API and the web app on PORT (default 3000).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const outputs = [join(root, 'apps/api/dist/main.js'), join(root, 'apps/web/dist/index.html')];
const sources = ['apps/api/src', 'apps/web/src', 'apps/web/index.html', 'packages/shared/src'].map((p) =>
  join(root, p),
);

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const builtAt = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt) {
  console.log('Building Acende (web app and API)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = [];
if (existsSync(join(root, '.env'))) args.push(`--env-file=${join(root, '.env')}`);
const server = spawn(process.execPath, [...args, join(root, 'apps/api/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
