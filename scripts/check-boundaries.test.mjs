// `npm run lint` refuses what breaks the code's boundaries: a fixture tree with one breach
// of each kind makes it fail, and the repository itself passes.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findBreaches } from './check-boundaries.mjs';

const repo = join(import.meta.dirname, '..');
const made = [];

function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'acende-boundaries-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('import boundaries', () => {
  it('finds a web feature importing another, shared code importing a feature, a service importing a plugin, and a way around the hot path', () => {
    const root = tree({
      'apps/web/src/features/wizard/components/wizard-page.tsx':
        "import { Captcha } from '../../captcha/components/captcha.tsx';\nexport const a = Captcha;\n",
      'apps/web/src/features/wizard/api/get-x.ts': "export { x } from '../../tracking/x.ts';\n",
      'apps/web/src/features/wizard/lazy.ts': "export const load = () => import('../tracking/page.tsx');\n",
      'apps/web/src/features/captcha/components/captcha.tsx': 'export const Captcha = 1;\n',
      'apps/web/src/components/ui/button.tsx': "import type { T } from '../../features/wizard/types.ts';\n",
      'apps/web/src/lib/ok.ts': "import { cn } from './cn.ts';\nimport { z } from 'zod';\n",
      'apps/api/src/features/users/users.service.ts': "import { type AuthAdmin } from '../../plugins/auth.ts';\n",
      'apps/api/src/features/users/users.routes.ts': "import { registerAuth } from '../../plugins/auth.ts';\n",
      'apps/api/src/lib/limits.ts': "import { rawHandles } from '../hot-path/raw-handles.ts';\n",
      'apps/api/src/features/x/x.service.ts': "import type { HotPath } from '../../hot-path/hot-path.ts';\n",
      'apps/api/src/db/database.ts': "import { attachRawHandles } from '../hot-path/raw-handles.ts';\n",
    });
    const breaches = findBreaches(root);
    expect(breaches).toHaveLength(6);
    expect(breaches.join('\n')).toMatch(/lib\/limits\.ts:1: src\/hot-path is reached through hot-path\.ts only/);
    expect(breaches.join('\n')).toMatch(
      /components\/ui\/button\.tsx:1: shared web code \(src\/components\) imports src\/features/,
    );
    expect(breaches.join('\n')).toMatch(/wizard-page\.tsx:1: web feature "wizard" imports feature "captcha"/);
    expect(breaches.join('\n')).toMatch(/api\/get-x\.ts:1: web feature "wizard" imports feature "tracking"/);
    expect(breaches.join('\n')).toMatch(/lazy\.ts:1: web feature "wizard" imports feature "tracking"/);
    expect(breaches.join('\n')).toMatch(/users\.service\.ts:1: a service or repository imports an HTTP plugin/);
  });

  it('fails `npm run lint` on a cross-feature import and on an import cycle, with the repository’s own Biome settings', () => {
    const root = tree({
      'apps/web/src/features/a/a.ts': "import { b } from '../b/b.ts';\nexport const a = b;\n",
      'apps/web/src/features/b/b.ts': 'export const b = 1;\n',
      'apps/api/src/lib/one.ts': "import { two } from './two.ts';\nexport const one = () => two();\n",
      'apps/api/src/lib/two.ts': "import { one } from './one.ts';\nexport const two = () => one();\n",
    });
    cpSync(join(repo, 'biome.json'), join(root, 'biome.json'));
    const lint = (args, cwd) =>
      spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const boundaries = lint([join(repo, 'scripts/check-boundaries.mjs'), root], repo);
    expect(boundaries.status).toBe(1);
    expect(boundaries.stderr).toContain('web feature "a" imports feature "b"');
    const biome = lint(
      [join(repo, 'node_modules/@biomejs/biome/bin/biome'), 'lint', '--vcs-enabled=false', 'apps'],
      root,
    );
    expect(biome.status).not.toBe(0);
    expect(biome.stdout + biome.stderr).toContain('lint/suspicious/noImportCycles');
  });

  it('passes on the repository', () => {
    expect(findBreaches(repo)).toEqual([]);
  });
});
