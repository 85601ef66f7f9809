// `npm run test:hardening`: the built server as a process, checked from the outside
// (under 3 minutes on two cores). Build first: `npm run build`.
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that measure the tracking read's p99 (exports.test.ts) run after the others, alone: beside
 * the fuzzer's 3,000 bodies a route on the other core, CI measured a p99 of 191 ms where alone it
 * is 44–73 ms, and the bound is there to catch the exports, not a neighbour.
 */
const ALONE = ['**/exports.test.ts'];

export default defineConfig({
  test: {
    root: import.meta.dirname,
    environment: 'node',
    // Without PostgreSQL, each file records a skipped test (decision 0045).
    setupFiles: ['../../apps/api/test/missing-services.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        // Each file starts servers of its own; two at a time is what two cores can carry.
        test: {
          name: 'hardening',
          include: ['**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ALONE],
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: { name: 'measured alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
