import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Three files at a time on CI's 2 cores (vitest's default there is one): most of an API
    // suite's time is spent waiting (PostgreSQL, SQLite's file, the constant-time answers, an
    // SMTP server), not on Node (decision 0041). Three instead of two: 157 → 141 s for the API.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // One migrated database per engine, copied by each suite (apps/api/test/test-databases.ts).
          globalSetup: ['./test/migrated-templates.ts'],
          // Without PostgreSQL, each file records a skipped test (decision 0045).
          setupFiles: ['./test/missing-services.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share a worker's modules instead of importing the app again each (decision
          // 0045): about half the stage's CPU. A file that mocks a module or needs a fresh
          // process sees to it itself (photos.image.test.ts, svg-sanitizer.test.ts).
          isolate: false,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
        },
      },
    ],
  },
});
