// `npm test`: the whole suite, as CI runs it — types, lint, unit and API integration (SQLite
// and PostgreSQL), build, hardening against the built server, the API and hardening suites
// again on Node 24, browser journeys in Chromium. Installs Debian's Chromium first when it is
// missing and we are root. After the build, two lanes run side by side (decision 0045): the
// Node 20 suites in one, the browser journeys and Node 24's API run in the other; each stage of a
// lane starts when the one before it ends, and a stage run beside another writes its output to
// test-results/logs/ and prints it whole when it ends. Without `--lanes` one stage runs at a time
// (to measure a stage alone); `--only static|unit|hardening|node24|e2e` runs one part;
// `--dry-run` runs a short sleep for each stage (to see the lanes and the closing lines);
// The reliability run (long load, kill -9, backup, faults) ends lane A; `--no-reliability`
// leaves it out for a quicker local run.
// Ends with a table of each stage's seconds and the line "tests: N passed, N failed, N skipped"
// counting every test that ran. On CI (CI=true) a skipped test fails the run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepareNode24 } from './node-24.mjs';
import { readPlaywright, readVitest, skipsRefused, stageTable, total } from './test-report.mjs';

const root = join(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
// One stage at a time unless --lanes: measured in a clean clone on the two cores, the lanes side
// by side made the journeys and the API suites time out (decision 0045).
const serial = !argv.includes('--lanes') || argv.includes('--serial') || process.env.TEST_SERIAL === '1';
/** --dry-run: every stage is a short sleep, to see the lanes, the table and the closing line. */
const dryRun = argv.includes('--dry-run');
/** The reliability run ends lane A unless --no-reliability (decision 0045). */
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
 * The hardening files whose requests the hot path answers (filing, the tracking read, an
 * Idempotency-Key's replay, the company list) or whose subject it changes (its listener before
 * Fastify: timeouts, headers, logs; its batches: load, shutdown, drain, the outbox, two
 * instances), run again with FAST_PATH=off. The rest (sign-ins, sessions, the role matrix,
 * serving the web app, reports' escaping) meet no hot-path code (decision 0041). The fuzzer
 * fuzzes only the hot path's routes there (HARDENING_ROUTES=hot-path, decision 0045).
 * free-text-privacy.test.ts is not listed: it starts its servers with FAST_PATH on and off itself.
 */
const HOT_PATH_HARDENING = [
  'email-outage',
  'fuzz.postgres',
  'fuzz.sqlite',
  'graceful-drain',
  'headers',
  'load',
  'logs',
  'privacy',
  'shutdown',
  'timeouts',
  'two-instances',
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
  hardeningPlain: 'hardening-plain.json',
  vitestNode24: 'vitest-node24.json',
  hardeningNode24: 'hardening-node24.json',
  e2e: 'e2e.json',
  e2ePlain: 'e2e-plain.json',
  reliability: 'reliability.json',
};
for (const file of Object.values(REPORTS)) rmSync(join(resultsDir, file), { force: true });
const report = (name) => join(resultsDir, REPORTS[name]);

/** Each stage run: its title, lane, start and wall seconds, CPU seconds (user + system). */
const timings = [];
/** Children running, by process group, so that a failure ends the other lane's stage too. */
const running = new Set();
let finishing = false;
const hasTime = existsSync('/usr/bin/time');

/**
 * Runs one stage and resolves when it ends; a failure ends the whole run. `lane` names the
 * lane; `apart` writes the output to test-results/logs/<slug>.log and prints it when done.
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

// Each stage runs in a process group of its own (to end a lane's stage on a failure), so an
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
    readVitest(report('hardeningPlain')),
    readVitest(report('vitestNode24')),
    readVitest(report('hardeningNode24')),
    readPlaywright(report('e2e')),
    readPlaywright(report('e2ePlain')),
    readVitest(report('reliability')),
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
  console.log(`npm test took ${((Date.now() - began) / 1000).toFixed(1)} s wall${serial ? ' (--serial)' : ''}`);
  const failed = exit !== 0 && sum.failed === 0 ? 1 : sum.failed;
  console.log(`\ntests: ${sum.passed} passed, ${failed} failed, ${sum.skipped} skipped`);
  process.exit(exit);
}

// The stages. Each returns a promise; `apart` is set when its lane runs beside another.
const stages = {
  static: async (o) => {
    await run('types', 'npm', ['run', 'typecheck'], o);
    await run('lint', 'npm', ['run', 'lint'], o);
  },
  unit: (o) =>
    run(
      'unit and API (SQLite + PostgreSQL)',
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report('vitest')}`],
      o,
    ),
  build: (o) => run('build', 'npm', ['run', 'build'], o),
  hardening: async (o) => {
    await run(
      'hardening (built server, SQLite + PostgreSQL)',
      'node',
      ['scripts/run-hardening.mjs', 'hardening', '--json', report('hardening')],
      // Vitest's --exclude does not reach the project's own list: tests/hardening/vitest.config.ts
      // reads this one (until now the short load ran here too).
      { ...o, env: withReliability ? { HARDENING_LEAVE_OUT: `**/${LOAD_MADE_BY_RELIABILITY}` } : {} },
    );
    // The files the hot path touches, without its prepared statements, batches and listener.
    await run(
      'hardening with FAST_PATH=off',
      'node',
      ['scripts/run-hardening.mjs', 'hardening', '--json', report('hardeningPlain')],
      // Named in the config, matched whole (a file on the command line matches as a substring).
      { ...o, env: { FAST_PATH: 'off', HARDENING_ROUTES: 'hot-path', HARDENING_ONLY: HOT_PATH_HARDENING.join(',') } },
    );
  },
  // The long load and crash runs (issue 9); one file at a time within the run.
  reliability: (o) =>
    run('reliability', 'node', ['scripts/run-hardening.mjs', 'reliability', '--json', report('reliability')], o),
  // The next Node line (decision 0020): Node 24 from the npm registry, with the better-sqlite3
  // it needs (13) handed to it by a preloaded hook, node_modules left as Node 20 needs it.
  node24Install: (o) => run('Node 24: install', 'node', ['scripts/node-24.mjs'], o),
  node24Api: (o) => {
    const node24 = node24Env();
    return run(
      'API on Node 24 (SQLite + PostgreSQL)',
      node24.node,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--project',
        'api',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report('vitestNode24')}`,
      ],
      { ...o, env: node24.env },
    );
  },
  node24Hardening: (o) => {
    const node24 = node24Env();
    return run(
      'hardening on Node 24',
      node24.node,
      ['scripts/run-hardening.mjs', 'hardening', '--json', report('hardeningNode24')],
      { ...o, env: node24.env },
    );
  },
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

let node24Prepared;
function node24Env() {
  if (dryRun) return { node: 'node', env: {} };
  try {
    node24Prepared ??= prepareNode24();
  } catch (error) {
    console.error(`\n✗ Node 24 could not be prepared: ${error.message}`);
    finish(1);
  }
  return node24Prepared;
}

/** Runs the lanes side by side, or one after the other with --serial. */
async function lanes(...list) {
  if (serial) {
    for (const [lane, body] of list) await body({ lane, apart: false });
    return;
  }
  await Promise.all(list.map(([lane, body]) => body({ lane, apart: true })));
}

if (only === 'static') await stages.static({});
else if (only === 'unit') await stages.unit({});
else if (only === 'hardening') {
  await stages.build({});
  await stages.hardening({});
} else if (only === 'node24') {
  await stages.build({});
  await stages.node24Install({});
  await stages.node24Api({});
  await stages.node24Hardening({});
} else if (only === 'e2e') {
  await stages.build({});
  await stages.e2e({});
} else if (only) {
  console.error(`unknown --only ${only}: static, unit, hardening, node24 or e2e`);
  process.exit(2);
} else {
  // The build first: both lanes run the built app.
  await stages.build({});
  let installed;
  await lanes(
    [
      'A',
      async (o) => {
        await stages.static(o);
        await stages.unit(o);
        await stages.hardening(o);
        await installed;
        await stages.node24Hardening(o);
        // When lane B is on Node 24's API, which waits on its databases more than on the cores.
        if (withReliability) await stages.reliability(o);
      },
    ],
    [
      'B',
      async (o) => {
        installed = stages.node24Install(o);
        await installed;
        await stages.e2e(o);
        await stages.node24Api(o);
      },
    ],
  );
}
finish(0);
