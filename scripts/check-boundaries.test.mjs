// `npm run lint` refuses what breaks the code's boundaries: a fixture tree with one breach
// of each kind makes it fail, and the repository itself passes.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findBreaches, findCycles } from './check-boundaries.mjs';

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

  it('refuses an API feature importing another (type-only too), core or the hot path importing a feature or plugin, and lets the allowed layers through', () => {
    const root = tree({
      'apps/api/src/features/users/users.service.ts':
        "import { recordAudit } from '../audit/audit.repository.ts';\nimport type { Row } from '../audit/audit.types.ts';\n",
      'apps/api/src/features/users/users.repository.ts':
        "import type { AppDeps } from '../../app-deps.ts';\nimport { recordAudit } from '../../core/audit/audit.repository.ts';\nimport { iso } from '../../lib/clock.ts';\nimport type { Db } from '../../db/database.ts';\nimport { x } from './users.x.ts';\n",
      'apps/api/src/features/users/users.routes.ts': "import { sendError } from '../../plugins/errors.ts';\n",
      'apps/api/src/features/users/users.main.ts': "import { buildApp } from '../../app.ts';\n",
      'apps/api/src/features/open311/open311.service.ts':
        "import { createRepairRequest } from '../repair-requests/repair-requests.service.ts';\n",
      'apps/api/src/core/outbox.ts': "import { listFollowers } from '../features/followers/followers.repository.ts';\n",
      'apps/api/src/hot-path/tracking-listener.ts':
        "import { clientKey } from '../plugins/rate-limit.ts';\nimport { toPublic } from '../features/repair-requests/public-view.ts';\nimport type { AppDeps } from '../app-deps.ts';\nimport { apiSecurityHeaders } from '../core/security-headers.ts';\n",
    });
    const breaches = findBreaches(root).join('\n');
    expect(breaches).toMatch(
      /users\.service\.ts:1: API feature "users" imports feature "audit": move what they share to src\/core/,
    );
    expect(breaches).toMatch(/users\.service\.ts:2: API feature "users" imports feature "audit"/);
    expect(breaches).toMatch(/users\.main\.ts:1: API feature "users" imports src\/app\.ts/);
    expect(breaches).toMatch(/core\/outbox\.ts:1: src\/core imports src\/features\/followers/);
    expect(breaches).toMatch(/tracking-listener\.ts:1: src\/hot-path imports src\/plugins\/rate-limit\.ts/);
    expect(breaches).toMatch(/tracking-listener\.ts:2: src\/hot-path imports src\/features\/repair-requests/);
    expect(breaches).toMatch(/tracking-listener\.ts:3: src\/hot-path imports src\/app-deps\.ts/);
    // The repository's own imports, the routes' plugin and the allow-listed pair pass.
    expect(breaches).not.toMatch(/users\.repository|users\.routes|open311|tracking-listener\.ts:4/);
    expect(findBreaches(root)).toHaveLength(7);
  });

  it('refuses a cycle between API features, type-only and through allowed or test imports', () => {
    const root = tree({
      // retention → photos is allowed; photos → retention is not, and closes a cycle.
      'apps/api/src/features/retention/retention.service.ts':
        "import { removeFiles } from '../photos/photos.store.ts';\nexport const a = removeFiles;\n",
      'apps/api/src/features/photos/photos.store.ts':
        "import type { Purge } from '../retention/retention.service.ts';\n",
      // Tests may read another feature, but not in a cycle either: a → b → a, type-only.
      'apps/api/src/features/a/a.test.ts': "import type { B } from '../b/b.ts';\n",
      'apps/api/src/features/b/b.ts': "import type { A } from '../a/a.ts';\n",
      'apps/api/src/features/a/a.ts': 'export type A = 1;\n',
    });
    const breaches = findBreaches(root);
    expect(breaches.join('\n')).toMatch(/photos\.store\.ts:1: API feature "photos" imports feature "retention"/);
    expect(breaches.join('\n')).toMatch(/b\/b\.ts:1: API feature "b" imports feature "a"/);
    expect(breaches).toContain('apps/api/src/features: features "photos", "retention" import each other in a cycle');
    expect(breaches).toContain('apps/api/src/features: features "a", "b" import each other in a cycle');
    expect(breaches).toHaveLength(4);
  });

  it('finds no cycle in a graph without one, and every cycle in one with two', () => {
    const graph = (edges) => {
      const g = new Map();
      for (const [a, b] of edges) g.set(a, (g.get(a) ?? new Set()).add(b));
      return g;
    };
    expect(
      findCycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
    expect(
      findCycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['d', 'e'],
          ['e', 'd'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([
      ['d', 'e'],
      ['a', 'b', 'c'],
    ]);
  });

  it('fails `npm run lint` on a cross-feature import and on an import cycle, with the repository’s own Biome settings', () => {
    const root = tree({
      'apps/web/src/features/a/a.ts': "import { b } from '../b/b.ts';\nexport const a = b;\n",
      'apps/web/src/features/b/b.ts': 'export const b = 1;\n',
      'apps/api/src/features/c/c.service.ts': "import { d } from '../d/d.repository.ts';\nexport const c = d;\n",
      'apps/api/src/features/d/d.repository.ts': 'export const d = 1;\n',
      'apps/api/src/lib/one.ts': "import { two } from './two.ts';\nexport const one = () => two();\n",
      'apps/api/src/lib/two.ts': "import { one } from './one.ts';\nexport const two = () => one();\n",
    });
    cpSync(join(repo, 'biome.json'), join(root, 'biome.json'));
    const lint = (args, cwd) =>
      spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const boundaries = lint([join(repo, 'scripts/check-boundaries.mjs'), root], repo);
    expect(boundaries.status).toBe(1);
    expect(boundaries.stderr).toContain('web feature "a" imports feature "b"');
    expect(boundaries.stderr).toContain('API feature "c" imports feature "d"');
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
