// `npm test`: the whole suite, in the order CI runs it — types, lint, unit and API
// integration (SQLite and PostgreSQL), build, hardening against the built server, the API
// and hardening suites again on Node 24, browser journeys in Chromium. Installs
// Debian's Chromium first when it is missing and we are root. Ends with one line
// "tests: N passed, N failed" counting every test that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepareNode24 } from './node-24.mjs';

const root = join(import.meta.dirname, '..');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const resultsDir = join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/**
 * The journeys whose API calls the hot path serves (decision 0017), run again with FAST_PATH=off
 * on the phone (the hot path does not depend on the width): filing with the company list and
 * opening the tracking link, the tracking read found, missing and malformed, and an
 * Idempotency-Key's replay after a lost answer. The other citizen journeys file through the same
 * calls; what they prove beyond them is the page's (decision 0041).
 */
const HOT_PATH_JOURNEYS = [
  'e2e/citizen-files-request-pt.spec.ts',
  'e2e/tracking-page.spec.ts',
  'e2e/citizen-draft-survives-offline.spec.ts',
];
/**
 * The hardening files whose requests the hot path answers (filing, the tracking read, an
 * Idempotency-Key's replay, the company list) or whose subject it changes (its listener before
 * Fastify: timeouts, headers, logs; its batches: load, shutdown, drain, the outbox, two
 * instances), run again with FAST_PATH=off. The rest (sign-ins, sessions, the role matrix,
 * serving the web app, reports' escaping) meet no hot-path code (decision 0041).
 */
const HOT_PATH_HARDENING = [
  'email-outage',
  'fuzz',
  'graceful-drain',
  'headers',
  'load',
  'logs',
  'privacy',
  'shutdown',
  'timeouts',
  'two-instances',
].map((name) => `tests/hardening/${name}.test.ts`);
const timings = [];

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([title, ((Date.now() - started) / 1000).toFixed(1)]);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${result.status ?? result.signal})`);
    finish(1);
  }
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${path}. Install Debian's package: sudo apt-get install -y chromium`);
    finish(1);
  }
  console.log('Installing Chromium from Debian packages...');
  run('apt-get update', 'apt-get', ['update', '-qq']);
  run('install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], {
    DEBIAN_FRONTEND: 'noninteractive',
  });
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

function finish(code) {
  countVitest(join(resultsDir, 'vitest.json'));
  countVitest(join(resultsDir, 'hardening.json'));
  countVitest(join(resultsDir, 'hardening-plain.json'));
  countVitest(join(resultsDir, 'vitest-node24.json'));
  countVitest(join(resultsDir, 'hardening-node24.json'));
  countPlaywright(join(resultsDir, 'e2e.json'));
  countPlaywright(join(resultsDir, 'e2e-plain.json'));
  console.log('\nStage timings (s):');
  for (const [title, seconds] of timings) console.log(`  ${title.padEnd(28)} ${seconds}`);
  const failed = code !== 0 && totals.failed === 0 ? 1 : totals.failed;
  console.log(`\ntests: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

for (const file of [
  'vitest.json',
  'hardening.json',
  'hardening-plain.json',
  'vitest-node24.json',
  'hardening-node24.json',
  'e2e.json',
  'e2e-plain.json',
]) {
  rmSync(join(resultsDir, file), { force: true });
}

if (!only || only === 'static') {
  run('types', 'npm', ['run', 'typecheck']);
  run('lint', 'npm', ['run', 'lint']);
}
if (!only || only === 'unit') {
  run('unit and API (SQLite + PostgreSQL)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(resultsDir, 'vitest.json')}`,
  ]);
}
if (!only || only === 'e2e' || only === 'hardening') {
  run('build', 'npm', ['run', 'build']);
  if (only !== 'e2e') {
    run('hardening (built server, SQLite + PostgreSQL)', 'node', [
      'scripts/run-hardening.mjs',
      'hardening',
      '--json',
      join(resultsDir, 'hardening.json'),
    ]);
    // The files the hot path touches, without its prepared statements, batches and listener.
    run(
      'hardening with FAST_PATH=off',
      'node',
      [
        'scripts/run-hardening.mjs',
        'hardening',
        '--json',
        join(resultsDir, 'hardening-plain.json'),
        ...HOT_PATH_HARDENING,
      ],
      { FAST_PATH: 'off' },
    );
  }
}
if (!only || only === 'node24') {
  // The next Node line (decision 0020): Node 24 from the npm registry, with the better-sqlite3
  // it needs (13) handed to it by a preloaded hook, node_modules left as Node 20 needs it.
  if (only) run('build', 'npm', ['run', 'build']);
  const started = Date.now();
  let node24;
  try {
    node24 = prepareNode24();
  } catch (error) {
    console.error(`\n✗ Node 24 could not be prepared: ${error.message}`);
    finish(1);
  }
  timings.push(['Node 24: install', ((Date.now() - started) / 1000).toFixed(1)]);
  run(
    'API on Node 24 (SQLite + PostgreSQL)',
    node24.node,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'api',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(resultsDir, 'vitest-node24.json')}`,
    ],
    node24.env,
  );
  run(
    'hardening on Node 24',
    node24.node,
    ['scripts/run-hardening.mjs', 'hardening', '--json', join(resultsDir, 'hardening-node24.json')],
    node24.env,
  );
}
if (!only || only === 'e2e') {
  ensureChromium();
  // Results outside Playwright's output folder, which each run empties.
  run('browser journeys (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    E2E_RESULTS: join(resultsDir, 'e2e.json'),
  });
  // The journeys of the calls the hot path serves, once more with FAST_PATH=off.
  run(
    'hot-path journeys with FAST_PATH=off',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project=phone', ...HOT_PATH_JOURNEYS],
    { FAST_PATH: 'off', E2E_RESULTS: join(resultsDir, 'e2e-plain.json') },
  );
}
finish(0);
