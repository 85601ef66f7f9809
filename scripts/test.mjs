// `npm test`: the whole suite, as CI runs it — types, lint, unit and API integration (SQLite
// and PostgreSQL), build, hardening against the built server, reliability, browser journeys in
// Chromium. Node 24 (decision 0020) is installed beside the type check, and its API and hardening
// projects run in the same Vitest runs as Node 20's, packed with them (decision 0057); the
// hardening run also holds the hot path's files with FAST_PATH=off. One stage at a time;
// `--only static|unit|hardening|node24|e2e` runs one part; `--dry-run` runs a short sleep for
// each stage (to see the table and the closing lines); `--no-reliability` leaves the reliability
// run (long load, kill -9, backup, faults) out for a quicker local run. Installs Debian's
// Chromium first when it is missing and we are root.
// Ends with a table of each stage's seconds and the line "tests: N passed, N failed, N skipped"
// counting every test that ran. On CI (CI=true) a skipped test fails the run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepareNode24 } from './node-24.mjs';
import { failuresListed, readPlaywright, readVitest, skipsRefused, stageTable, total } from './test-report.mjs';

const root = join(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
/** --dry-run: every stage is a short sleep, to see the table and the closing line. */
const dryRun = argv.includes('--dry-run');
/** The reliability run (its loads beside the type check and the unit stage, its faults after hardening) unless --no-reliability. */
const withReliability = !argv.includes('--no-reliability');
const resultsDir = join(root, 'test-results');
const logsDir = join(resultsDir, 'logs');
mkdirSync(logsDir, { recursive: true });
const began = Date.now();

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
 * The short load of tests/hardening/load.test.ts is the reliability run's scenario (same
 * assertions, 8 s instead of 60 s): with the reliability run (the default), whose run makes it on Node 20 with the
 * hot path on, the first hardening run leaves it out. It still runs with FAST_PATH=off and on
 * Node 24, which the reliability run does not cover (decision 0045).
 */
const LOAD_MADE_BY_RELIABILITY = 'load.test.ts';

const REPORTS = {
  vitest: 'vitest.json',
  hardening: 'hardening.json',
  e2e: 'e2e.json',
  e2ePlain: 'e2e-plain.json',
  reliability: 'reliability.json',
  reliabilityLoads: 'reliability-loads.json',
};
for (const file of Object.values(REPORTS)) rmSync(join(resultsDir, file), { force: true });
const report = (name) => join(resultsDir, REPORTS[name]);

/** Each stage run: its title, lane, start and wall seconds, CPU seconds (user + system). */
const timings = [];
/** Children running, by process group, so that a failure ends a stage running beside too. */
const running = new Set();
let finishing = false;
const hasTime = existsSync('/usr/bin/time');

/**
 * Runs one stage and resolves when it ends; a failure ends the whole run. `lane` names the
 * lane (B: beside the main one); `apart` writes the output to test-results/logs/<slug>.log and
 * prints it when done.
 */
function run(title, command, args, { env = {}, lane = 'main', apart = false } = {}) {
  if (finishing) return new Promise(() => {});
  const slug = title
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  const log = join(logsDir, `${slug}.log`);
  const cpuFile = join(logsDir, `${slug}.cpu`);
  rmSync(cpuFile, { force: true });
  const started = Date.now();
  console.log(`\n━━ ${title} ━━ ${command} ${args.join(' ')}${apart ? `  (lane ${lane}; output in ${log})` : ''}`);
  const fd = apart ? openSync(log, 'w') : undefined;
  // GNU time counts the CPU of every child the command waited for (vitest's workers, servers).
  const [cmd, cmdArgs] = dryRun ? ['node', ['-e', 'setTimeout(() => {}, 300)']] : [command, args];
  const [file, fileArgs] = hasTime
    ? ['/usr/bin/time', ['-q', '-f', '%U %S', '-o', cpuFile, cmd, ...cmdArgs]]
    : [cmd, cmdArgs];
  const child = spawn(file, fileArgs, {
    cwd: root,
    stdio: apart ? ['ignore', fd, fd] : 'inherit',
    env: { ...process.env, ...env },
    detached: true,
  });
  running.add(child);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const wall = (Date.now() - started) / 1000;
      let cpu;
      if (existsSync(cpuFile)) {
        const last = readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1) ?? '';
        const [user, system] = last.split(' ').map(Number);
        if (Number.isFinite(user) && Number.isFinite(system)) cpu = user + system;
      }
      timings.push({ title, lane, start: (started - began) / 1000, wall, cpu });
      if (finishing) return;
      if (apart) {
        console.log(`\n━━ ${title} (lane ${lane}) output ━━`);
        process.stdout.write(readFileSync(log, 'utf8'));
      }
      console.log(`━━ ${title}: ${code === 0 ? 'passed' : 'FAILED'} in ${wall.toFixed(1)} s ━━`);
      if (code !== 0) {
        console.error(`\n✗ ${title} failed (exit ${code ?? signal})`);
        finish(1);
        return;
      }
      resolve();
    });
  });
}

// Each stage runs in a process group of its own (to end a stage beside on a failure), so an
// interrupt of npm test is passed on to them.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {}
    }
    process.exit(130);
  });
}

/** Debian's Chromium for the journeys: its headless shell, and the full browser Lighthouse uses (decision 0056). */
const CHROMIUM_PACKAGES = ['chromium', 'chromium-headless-shell', 'fonts-liberation'];
function ensureChromium() {
  const paths = [
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  ];
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length === 0) return Promise.resolve();
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${missing.join(' and ')}. Install Debian's packages: sudo apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`,
    );
    finish(1);
  }
  console.log('Installing Chromium from Debian packages...');
  return run('apt-get update', 'apt-get', ['update', '-qq']).then(() =>
    run('install chromium', 'apt-get', ['install', '-y', '-qq', ...CHROMIUM_PACKAGES], {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    }),
  );
}

function finish(code) {
  if (finishing) return;
  finishing = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
  const sum = total([
    readVitest(report('vitest')),
    readVitest(report('hardening')),
    readPlaywright(report('e2e')),
    readPlaywright(report('e2ePlain')),
    readVitest(report('reliability')),
    readVitest(report('reliabilityLoads')),
  ]);
  let exit = code;
  const refused = skipsRefused(sum);
  if (refused) {
    console.error(`\n${refused}`);
    exit = 1;
  }
  console.log('\nStage timings:');
  timings.sort((a, b) => a.start - b.start);
  console.log(stageTable(timings));
  console.log(`npm test took ${((Date.now() - began) / 1000).toFixed(1)} s wall`);
  const failed = exit !== 0 && sum.failed === 0 ? 1 : sum.failed;
  console.log(`\ntests: ${sum.passed} passed, ${failed} failed, ${sum.skipped} skipped`);
  const failures = failuresListed(sum);
  if (failures) console.log(failures);
  process.exit(exit);
}

// The stages. Each returns a promise; `apart` is set for a stage run beside another.
const stages = {
  static: async (o) => {
    await run('types', 'npm', ['run', 'typecheck'], o);
    await run('lint', 'npm', ['run', 'lint'], o);
  },
  // With Node 24 installed, its API project runs in the same pool (decision 0057).
  unit: (o, { node24 = false } = {}) =>
    run(
      node24 ? 'unit and API (SQLite + PostgreSQL; API on Node 20 and 24)' : 'unit and API (SQLite + PostgreSQL)',
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report('vitest')}`],
      { ...o, env: node24 ? node24Env() : {} },
    ),
  build: (o) => run('build', 'npm', ['run', 'build'], o),
  // The built server on both engines: every file on Node 20 and on Node 24, the hot path's files
  // again with FAST_PATH=off (tests/hardening/vitest.config.ts), in one pool (decision 0057).
  hardening: (o, { node24 = false } = {}) =>
    run(
      node24
        ? 'hardening (built server; Node 20, FAST_PATH=off, Node 24)'
        : 'hardening (built server; Node 20, FAST_PATH=off)',
      'node',
      ['scripts/run-hardening.mjs', 'hardening', '--json', report('hardening')],
      {
        ...o,
        env: {
          ...(node24 ? node24Env() : {}),
          HARDENING_FAST_PATH_OFF: '1',
          // Vitest's --exclude does not reach the project's own list: tests/hardening/vitest.config.ts
          // reads this one (the reliability run makes the short load on Node 20).
          ...(withReliability ? { HARDENING_LEAVE_OUT: `**/${LOAD_MADE_BY_RELIABILITY}` } : {}),
        },
      },
    ),
  // The long load and kill -9 under load (issue 9): fixed 60 and 14 s that take whatever the
  // cores give, so they run beside the type check and the unit stage (decisions 0057, 0072).
  loads: (o) =>
    run(
      'reliability: load and kill -9',
      'node',
      ['scripts/run-hardening.mjs', 'reliability', '--json', report('reliabilityLoads'), '--project', 'loads alone'],
      o,
    ),
  // Backup and the faults, whose time limits are seconds: alone.
  faults: (o) =>
    run(
      'reliability: backup and faults',
      'node',
      ['scripts/run-hardening.mjs', 'reliability', '--json', report('reliability'), '--project', 'faults'],
      o,
    ),
  // The next Node line (decision 0020): Node 24 from the npm registry, with the better-sqlite3
  // it needs (13), loaded by a preloaded hook in Node 24's workers; node_modules stays Node 20's.
  node24Install: (o) => run('Node 24: install', 'node', ['scripts/node-24.mjs'], o),
  e2e: async (o) => {
    await ensureChromium();
    // Results outside Playwright's output folder, which each run empties.
    await run('browser journeys (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      ...o,
      env: { E2E_RESULTS: report('e2e') },
    });
    // The journeys of the calls the hot path serves, once more with FAST_PATH=off.
    await run(
      'hot-path journeys with FAST_PATH=off',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project=phone', ...HOT_PATH_JOURNEYS],
      { ...o, env: { FAST_PATH: 'off', E2E_RESULTS: report('e2ePlain') } },
    );
  },
};

let node24Checked = false;
/** What makes the configs add Node 24's projects, once Node 24 loads its better-sqlite3 (checked once). */
function node24Env() {
  if (dryRun) return {};
  if (!node24Checked) {
    try {
      prepareNode24();
    } catch (error) {
      console.error(`\n✗ Node 24 could not be prepared: ${error.message}`);
      finish(1);
    }
    node24Checked = true;
  }
  return { ACENDE_WITH_NODE_24: '1' };
}

if (only === 'static') await stages.static({});
else if (only === 'unit') await stages.unit({});
else if (only === 'hardening') {
  await stages.build({});
  await stages.hardening({});
} else if (only === 'node24') {
  await stages.build({});
  await stages.node24Install({});
  const env = node24Env();
  await run('API on Node 24', 'npx', ['vitest', 'run', '--project', 'api (Node 24)'], { env });
  await run(
    'hardening on Node 24',
    'node',
    [
      'scripts/run-hardening.mjs',
      'hardening',
      '--project',
      'hardening (Node 24)',
      '--project',
      'measured apart (Node 24)',
    ],
    { env },
  );
} else if (only === 'e2e') {
  await stages.build({});
  await stages.e2e({});
} else if (only) {
  console.error(`unknown --only ${only}: static, unit, hardening, node24 or e2e`);
  process.exit(2);
} else {
  await stages.build({});
  // Beside the type check and the first part of the unit stage (decision 0072): Node 24's
  // download, which waits on the network, then the loads, whose fixed 60 and 14 s take what
  // the cores give and whose checks need no more.
  const installed = stages.node24Install({ lane: 'B', apart: true });
  const beside = (async () => {
    await installed;
    if (withReliability) await stages.loads({ lane: 'B', apart: true });
  })();
  await stages.static({});
  await installed;
  await stages.unit({}, { node24: true });
  await beside;
  await stages.hardening({}, { node24: true });
  if (withReliability) await stages.faults({});
  await stages.e2e({});
}
finish(0);
