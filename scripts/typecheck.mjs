// `npm run typecheck`: tsc over every project of the repository (the workspaces, the hardening
// and reliability suites, the bench), as many at a time as the machine has cores. TypeScript 7's
// tsc (native, decision 0072) checks the six in 14 s on two cores, where 6's took 102–137 s.
// Each project's output is printed whole when it ends; any error fails the run.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// Longest first (measured), so the last to start are the short ones.
const PROJECTS = ['apps/web', 'apps/api', 'tests', 'bench', 'e2e', 'packages/shared'];

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? '✓' : '✗'} tsc -p ${project} (${seconds} s)`);
      if (output) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
