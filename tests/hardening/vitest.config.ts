// `npm run test:hardening`: the built server as a process, checked from the outside
// (under 3 minutes on two cores). Build first: `npm run build`.
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
/**
 * The only files a run takes (HARDENING_ONLY, comma-separated names without `.test.ts`), each
 * matched whole: the `FAST_PATH=off` run's list. A file named on the command line is a substring
 * filter, and "privacy" also ran free-text-privacy, which starts both modes itself (35 s).
 */
const ONLY = (process.env.HARDENING_ONLY ?? '').split(',').filter(Boolean);
const only = (globs: string[]) => (ONLY.length ? ONLY.map((name) => `**/${name}.test.ts`) : globs);

/**
 * The longest files first, as measured in CI (seconds of one run): started last, as Vitest's
 * order by size put them, the fuzzer's ran alone at the end while a core waited. The rest follow
 * in Vitest's order.
 */
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
  'timeouts', // 15
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const name =
        file.moduleId
          .split('/')
          .at(-1)
          ?.replace(/\.test\.ts$/, '') ?? '';
      const index = LONGEST_FIRST.indexOf(name);
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    // Stable: files of equal rank keep Vitest's order.
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    root: import.meta.dirname,
    environment: 'node',
    // Without PostgreSQL, each file records a skipped test (decision 0045).
    setupFiles: ['../../apps/api/test/missing-services.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        // Each file starts servers of its own and spends a third of its time waiting (a drain, a
        // time-out, an e-mail): three at a time keep two cores busy (measured: 69 % busy at two).
        test: {
          name: 'hardening',
          include: only(['**/*.test.ts']),
          exclude: [...configDefaults.exclude, ...ALONE, ...LEAVE_OUT],
          maxWorkers: 3,
        },
      },
      // Not in a run of named files (none of which measures the p99).
      ...(ONLY.length
        ? []
        : [
            {
              extends: true as const,
              test: { name: 'measured apart', include: ALONE, maxWorkers: 2, sequence: { groupOrder: 1 } },
            },
          ]),
    ],
  },
});
