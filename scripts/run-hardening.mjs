// `npm run test:hardening` and `npm run test:reliability`: the built server as a process,
// on SQLite and PostgreSQL, checked from the outside (tests/<suite>/). Prints the numbers
// the tests recorded (requests under load, rows, crash survivors, fuzz cases) at the end.
// Usage: node scripts/run-hardening.mjs hardening|reliability [--json <file>] [vitest args...]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { failuresListed, readVitest, skipsRefused } from './test-report.mjs';

const root = join(import.meta.dirname, '..');
const [suite, ...rest] = process.argv.slice(2);
if (suite !== 'hardening' && suite !== 'reliability') {
  console.error('usage: node scripts/run-hardening.mjs hardening|reliability [--json <file>] [vitest args]');
  process.exit(2);
}
if (!existsSync(join(root, 'apps/api/dist/main.js')) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}
const args = ['vitest', 'run', '-c', `tests/${suite}/vitest.config.ts`];
// A JSON report always (test-results/<suite>.json unless --json names one): its skipped tests
// are listed at the end, and on CI (CI=true) they fail the run (decision 0045).
const json = rest.indexOf('--json');
const reportFile = json >= 0 ? rest[json + 1] : join(root, 'test-results', `${suite}.json`);
if (json >= 0) rest.splice(json, 2);
rmSync(reportFile, { force: true });
args.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`);
const numbers = join(root, 'test-results', 'hardening-numbers.txt');
rmSync(numbers, { force: true });
rmSync(join(root, 'test-results', 'hardening-logs'), { recursive: true, force: true });
const started = Date.now();
const result = spawnSync('npx', [...args, ...rest], { cwd: root, stdio: 'inherit' });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\n━━ ${suite}: numbers ━━`);
if (existsSync(numbers)) process.stdout.write(readFileSync(numbers, 'utf8'));
console.log(`${suite} took ${seconds} s`);
const report = readVitest(reportFile);
if (report?.skippedTests.length) console.log(`skipped:\n${report.skippedTests.map((t) => `  - ${t}`).join('\n')}`);
const failures = report && failuresListed(report);
if (failures) console.log(failures);
const refused = report && skipsRefused(report);
if (refused) {
  console.error(refused);
  process.exit(1);
}
process.exit(result.status ?? 1);
