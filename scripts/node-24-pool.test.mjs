// The pool npm test runs Node 24's projects in (scripts/node-24-pool.mjs, decision 0057): a
// project given forksOn(binary) runs its files in processes of that binary, and a project
// without it in Vitest's own Node. The binary here is a wrapper of this Node that marks the
// processes it starts, so the proof needs no second Node line.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
// Inside the repository, where the fixture's imports of vitest resolve.
const cache = join(repo, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'acende-node-24-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('runs a forksOn project in the binary given and the others in Vitest’s Node', { timeout: 120_000 }, () => {
  const wrapper = join(dir, 'marked-node');
  writeFileSync(wrapper, `#!/bin/sh\nACENDE_STARTED_BY=wrapper exec "${process.execPath}" "$@"\n`);
  chmodSync(wrapper, 0o755);
  writeFileSync(
    join(dir, 'where.test.mjs'),
    [
      "import { appendFileSync } from 'node:fs';",
      "import { it } from 'vitest';",
      `it('says where it runs', () => appendFileSync(${JSON.stringify(join(dir, 'seen.txt'))}, \`\${process.env.PROJECT} \${process.env.ACENDE_STARTED_BY || 'vitest'}\\n\`));`,
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    [
      "import { defineConfig } from 'vitest/config';",
      `import { forksOn } from ${JSON.stringify(join(repo, 'scripts', 'node-24-pool.mjs'))};`,
      'export default defineConfig({ test: { root: import.meta.dirname, projects: [',
      "  { extends: true, test: { name: 'own', include: ['where.test.mjs'], env: { PROJECT: 'own' } } },",
      `  { extends: true, test: { name: 'other', include: ['where.test.mjs'], env: { PROJECT: 'other' }, pool: forksOn(${JSON.stringify(wrapper)}) } },`,
      '] } });',
    ].join('\n'),
  );
  const run = spawnSync(
    process.execPath,
    [join(repo, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '-c', join(dir, 'vitest.config.mjs')],
    {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, ACENDE_STARTED_BY: '' },
    },
  );
  expect(run.status, run.stdout + run.stderr).toBe(0);
  const seen = readFileSync(join(dir, 'seen.txt'), 'utf8').trim().split('\n').sort();
  expect(seen).toEqual(['other wrapper', 'own vitest']);
});
