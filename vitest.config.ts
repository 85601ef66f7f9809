import { configDefaults, defineConfig } from 'vitest/config';
import { webProject } from './apps/web/vitest.config.ts';
import { onNode24, WITH_NODE_24 } from './scripts/node-24-pool.mjs';

/** The web's test files that get a module graph of their own: each mocks a module, or needs one as a fresh page has it. */
const WEB_OWN_MODULES = [
  // vi.mock
  'src/app/admin/admin-app.test.tsx',
  'src/features/wizard/components/contact-step-offline.test.tsx',
  'src/features/wizard/components/location-step.test.tsx',
  'src/features/wizard/components/pole-number-search.test.tsx',
  'src/lib/i18n-offline.test.ts',
  // a catalogue not loaded yet; no saved notice yet
  'src/lib/i18n-namespaces.test.ts',
  'src/components/ui/save-status.test.tsx',
];

const apiProject = {
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
};

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
      apiProject,
      // npm test's run adds the API on Node 24 (decision 0020), packed with the rest (decision 0057).
      ...(WITH_NODE_24 ? [onNode24(apiProject)] : []),
      // Files share a worker's modules and jsdom (a third of the project's CPU: 57 → 19 s alone),
      // except those that mock a module or read a module's state from its start (decision 0045).
      {
        ...webProject,
        test: { ...webProject.test, isolate: false, exclude: [...configDefaults.exclude, ...WEB_OWN_MODULES] },
      },
      { ...webProject, test: { ...webProject.test, name: 'web (own modules)', include: WEB_OWN_MODULES } },
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
