// `npm run test:reliability`: the long load and crash runs against the built server.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    // Without PostgreSQL, each file records a skipped test (decision 0045).
    setupFiles: ['../../apps/api/test/missing-services.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    // Loads measure the server, not each other: one file at a time.
    fileParallelism: false,
  },
});
