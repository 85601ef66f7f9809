// `npm run test:hardening`: the built server as a process, checked from the outside
// (under 3 minutes on two cores). Build first: `npm run build`.
import { configDefaults, defineConfig } from 'vitest/config';
import { onNode24, WITH_NODE_24 } from '../../scripts/node-24-pool.mjs';
import { longestFirst } from '../support/longest-first.ts';

/**
 * Files that measure the tracking read's p99 (exports.<engine>.test.ts) run after the others, the
 * two engines side by side: beside the fuzzer's 3,000 bodies a route on the other core, CI
 * measured a p99 of 191 ms where alone it is 44–73 ms, and the bound is there to catch the
 * exports, not a neighbour. Beside each other the two measured p99s of 9–31 ms (bound 150).
 */
const ALONE = ['**/exports.*.test.ts'];
/**
 * Files `npm test` leaves out of a run (HARDENING_LEAVE_OUT, comma-separated globs): the short
 * load, which the reliability run makes (scripts/test.mjs). Vitest's `--exclude` does not reach
 * a project's own list.
 */
const LEAVE_OUT = (process.env.HARDENING_LEAVE_OUT ?? '').split(',').filter(Boolean);

/** The longest files first, as measured in CI (seconds of one run; tests/support/longest-first.ts). */
const LONGEST_FIRST = [
  'fuzz.sqlite', // 94
  'fuzz.postgres', // 77
  'free-text-privacy', // 35
  'load', // 21 (left out of the first run)
  'sessions', // 19
  'shutdown', // 18
  'graceful-drain', // 17
  'two-instances', // 17
  'access', // 16
  'injection', // 16
  'email-outage', // 16
  'sms-outage', // 16
  'timeouts', // 15
];

/** Each file starts servers of its own and spends a third of its time waiting (a drain, a
 * time-out, an e-mail): three at a time keep two cores busy (measured: 69 % busy at two). */
const hardening = {
  extends: true as const,
  test: {
    name: 'hardening',
    include: ['**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...ALONE, ...LEAVE_OUT],
    maxWorkers: 3,
  },
};
const measuredApart = {
  extends: true as const,
  test: { name: 'measured apart', include: ALONE, maxWorkers: 2, sequence: { groupOrder: 1 } },
};

/**
 * The files whose requests the hot path answers (filing, the tracking read, an Idempotency-Key's
 * replay, the company list) or whose subject it changes (its listener before Fastify: timeouts,
 * headers, logs; its batches: load, shutdown, drain, the outbox, two instances), run again with
 * FAST_PATH=off when HARDENING_FAST_PATH_OFF=1 (npm test). The rest (sign-ins, sessions, the
 * role matrix, serving the web app, reports' escaping) meet no hot-path code (decision 0041).
 * The fuzzer fuzzes only the hot path's routes there (HARDENING_ROUTES=hot-path, decision 0045).
 * free-text-privacy is not listed: it starts its servers with FAST_PATH on and off itself.
 */
const HOT_PATH_FILES = [
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
const fastPathOff = {
  extends: true as const,
  test: {
    name: 'hardening (FAST_PATH=off)',
    include: HOT_PATH_FILES.map((name) => `**/${name}.test.ts`),
    env: { FAST_PATH: 'off', HARDENING_ROUTES: 'hot-path' },
    maxWorkers: 3,
  },
};

/**
 * The whole suite once more with the servers on Node 24 (ACENDE_WITH_NODE_24=1, npm test; decision
 * 0057). The fuzzer still reaches every route there, with a quarter of Node 20's generated inputs
 * (decision 0072): what differs is the runtime under the same validation code.
 */
const NODE_24_FUZZ = { FUZZ_BODIES: '2500', FUZZ_RUNS: '625' };
const node24 = [
  onNode24({
    ...hardening,
    test: { ...hardening.test, exclude: [...configDefaults.exclude, ...ALONE], env: NODE_24_FUZZ },
  }),
  onNode24(measuredApart),
];

export default defineConfig({
  test: {
    root: import.meta.dirname,
    environment: 'node',
    // Without PostgreSQL, each file records a skipped test (decision 0045).
    setupFiles: ['../../apps/api/test/missing-services.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    sequence: { sequencer: longestFirst(LONGEST_FIRST) },
    projects: [
      hardening,
      measuredApart,
      ...(process.env.HARDENING_FAST_PATH_OFF === '1' ? [fastPathOff] : []),
      ...(WITH_NODE_24 ? node24 : []),
    ],
  },
});
