// `npm run lint` refuses an oversized file (scripts/check-sizes.mjs) and an oversized function
// (Biome's noExcessiveLinesPerFunction, configured in biome.json): a fixture of each fails,
// tests, migrations and generated files are left aside, and a path argument narrows the check.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findOversized, isChecked, MAX_FILE_LINES, ROOTS } from './check-sizes.mjs';

const repo = join(import.meta.dirname, '..');
const made = [];

function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'acende-sizes-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const lines = (count) => Array.from({ length: count }, (_, i) => `export const a${i} = ${i};\n`).join('');

/** A component whose body holds `count` lines of code. */
const component = (count) =>
  `export function Big() {\n${Array.from({ length: count - 1 }, (_, i) => `  const a${i} = ${i};\n`).join('')}  return a0;\n}\n`;

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('file size', () => {
  it('refuses a source file over the limit and lets one at the limit pass', () => {
    const root = tree({
      'apps/web/src/features/wizard/big.tsx': lines(MAX_FILE_LINES + 1),
      'apps/web/src/features/wizard/full.tsx': lines(MAX_FILE_LINES),
      'apps/web/src/features/poles/components/pole-import-page.tsx': lines(MAX_FILE_LINES + 1),
      'packages/shared/src/schemas/big.ts': lines(MAX_FILE_LINES + 20),
      'apps/api/src/features/users/users.service.ts': lines(MAX_FILE_LINES + 1),
    });
    const waiting = new Map([['apps/web/src/features/poles/components/pole-import-page.tsx', 'being rewritten']]);
    expect(findOversized(root, ROOTS, waiting)).toEqual([
      `apps/api/src/features/users/users.service.ts: ${MAX_FILE_LINES + 1} lines, over ${MAX_FILE_LINES}: split it in two`,
      `apps/web/src/features/wizard/big.tsx: ${MAX_FILE_LINES + 1} lines, over ${MAX_FILE_LINES}: split it in two`,
      `packages/shared/src/schemas/big.ts: ${MAX_FILE_LINES + 20} lines, over ${MAX_FILE_LINES}: split it in two`,
    ]);
    expect(findOversized(root, ROOTS, new Map())).toHaveLength(4);
    // The limit is 300 lines: 301 is refused, 300 passes.
    expect(findOversized(tree({ 'apps/web/src/a.ts': lines(301), 'apps/web/src/b.ts': lines(300) }))).toHaveLength(1);
  });

  it('leaves tests, journeys, migrations, declarations and generated files aside', () => {
    const long = lines(MAX_FILE_LINES + 1);
    const root = tree({
      'apps/api/src/features/users/users.routes.test.ts': long,
      'apps/web/src/features/wizard/wizard.test.tsx': long,
      'apps/web/src/test-setup.ts': long,
      'e2e/citizen-files-request-pt.spec.ts': long,
      'apps/api/src/db/migrations/0001-initial.ts': long,
      'apps/web/src/vite-env.d.ts': long,
      'apps/web/src/route-tree.gen.ts': long,
    });
    expect(findOversized(root)).toEqual([]);
    expect(isChecked('e2e/helpers.ts')).toBe(true);
  });

  it('checks only the paths it is given', () => {
    const root = tree({
      'apps/web/src/features/wizard/big.tsx': lines(MAX_FILE_LINES + 1),
      'apps/api/src/features/users/users.service.ts': lines(MAX_FILE_LINES + 1),
    });
    expect(findOversized(root, ['apps/web/src'])).toHaveLength(1);
    expect(findOversized(root, ['apps/web/src/features/wizard/big.tsx'])).toHaveLength(1);
    expect(findOversized(root, ['apps/api/src'])[0]).toMatch(/^apps\/api\/src\/features\/users\/users.service.ts:/);
  });

  it('exits 1 naming the file, and 0 on a tree within the limit', { timeout: 60_000 }, () => {
    const root = tree({ 'apps/web/src/big.ts': lines(MAX_FILE_LINES + 1) });
    const script = join(repo, 'scripts/check-sizes.mjs');
    // The script checks its own repository; point it at the fixture through a copy of itself.
    const copy = join(root, 'scripts/check-sizes.mjs');
    mkdirSync(dirname(copy), { recursive: true });
    writeFileSync(copy, readFileSync(script, 'utf8'));
    const failed = spawnSync(process.execPath, [copy], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('apps/web/src/big.ts: 301 lines');
    const passed = spawnSync(process.execPath, [copy, 'apps/api/src'], { encoding: 'utf8' });
    expect(passed.status).toBe(0);
  });

  it('passes a WAITING file while it is oversized and refuses it once it is not', () => {
    const waiting = new Map([['apps/web/src/a.tsx', 'a form being rewritten']]);
    expect(findOversized(tree({ 'apps/web/src/a.tsx': lines(MAX_FILE_LINES + 1) }), ROOTS, waiting)).toEqual([]);
    expect(findOversized(tree({ 'apps/web/src/a.tsx': lines(MAX_FILE_LINES) }), ROOTS, waiting)).toEqual([
      `apps/web/src/a.tsx: within ${MAX_FILE_LINES} lines: drop it from WAITING`,
    ]);
  });

  it('finds nothing over the limit in the repository, its WAITING files aside', () => {
    expect(findOversized(repo)).toEqual([]);
  });
});

describe('function size (Biome, as biome.json configures it)', () => {
  /** Biome's verdict on `files`, laid out in a fixture tree beside a copy of biome.json. */
  const lint = (files) => {
    const root = tree({ ...files, 'biome.json': readFileSync(join(repo, 'biome.json'), 'utf8') });
    const biome = join(repo, 'node_modules/.bin/biome');
    return spawnSync(biome, ['lint', '--vcs-enabled=false', '--only=complexity/noExcessiveLinesPerFunction', '.'], {
      cwd: root,
      encoding: 'utf8',
    });
  };

  it('refuses a component over 100 lines, in the web app and in the shared package', { timeout: 120_000 }, () => {
    const web = lint({ 'apps/web/src/features/wizard/components/big.tsx': component(101) });
    expect(web.status).not.toBe(0);
    expect(`${web.stdout}${web.stderr}`).toContain('too many lines (101)');
    const shared = lint({ 'packages/shared/src/big.ts': component(101) });
    expect(shared.status).not.toBe(0);
  });

  it('refuses a function over 100 lines in the API, its tests and migrations aside', { timeout: 120_000 }, () => {
    const api = lint({ 'apps/api/src/features/users/users.service.ts': component(101) });
    expect(api.status).not.toBe(0);
    expect(`${api.stdout}${api.stderr}`).toContain('too many lines (101)');
    const aside = lint({
      'apps/api/src/features/users/users.service.ts': component(100),
      'apps/api/src/features/users/users.routes.test.ts': component(140),
      'apps/api/src/db/migrations/0099-big.ts': component(140),
    });
    expect(`${aside.stdout}${aside.stderr}`).not.toContain('Maximum allowed is 100');
    expect(aside.status).toBe(0);
  });

  it('lets a component of 100 lines and a long test pass', { timeout: 120_000 }, () => {
    const passed = lint({
      'apps/web/src/features/wizard/components/big.tsx': component(100),
      'apps/web/src/features/wizard/components/big.test.tsx': component(140),
    });
    expect(`${passed.stdout}${passed.stderr}`).not.toContain('Maximum allowed is 100');
    expect(passed.status).toBe(0);
  });
});
