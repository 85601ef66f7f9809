import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** The web's tests; the root config runs them as two projects (shared modules, and their own). */
export const webProject = {
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom' as const,
    setupFiles: ['./src/test-setup.ts'],
    // Above the 5 s findBy* wait in test-setup.ts, so a slow screen fails on its own message.
    testTimeout: 20_000,
  },
};

export default defineProject(webProject);
