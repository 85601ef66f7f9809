// `npm run test:hardening`: the built server as a process, checked from the outside
// (under 3 minutes on two cores). Build first: `npm run build`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts servers of its own; two at a time is what two cores can carry.
    maxWorkers: 2,
  },
});
