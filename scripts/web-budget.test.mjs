// The web build fails past the first-load budget (100 KB of gzipped JavaScript per public
// page since issue 35; 120 KB before), when the tracking page carries wizard code, or when a public page
// carries administrator code: apps/web/scripts/report-sizes.mjs run on fixture builds.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '..', 'apps', 'web', 'scripts', 'report-sizes.mjs');
const made = [];

/** A build with an entry of `entryKb` KB (random, so gzip cannot shrink it) and a page chunk holding `modules`. */
function build(entryKb, pageModules) {
  const dist = mkdtempSync(join(tmpdir(), 'acende-budget-'));
  made.push(dist);
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'assets', 'index.js'), randomBytes(entryKb * 1024));
  writeFileSync(join(dist, 'assets', 'page.js'), 'export const page = 1;');
  const chunks = {
    'assets/index.js': { modules: ['src/main.tsx'], imports: [], dynamicImports: [], css: [], isEntry: true },
    'assets/page.js': { modules: pageModules, imports: [], dynamicImports: [], css: [], isEntry: false },
  };
  const pages = { '/': ['assets/index.js', 'assets/page.js'], '/track/:id': ['assets/index.js', 'assets/page.js'] };
  writeFileSync(join(dist, '.vite', 'chunk-graph.json'), JSON.stringify({ chunks, pages }));
  return dist;
}

const check = (dist) =>
  spawnSync(process.execPath, [script], { env: { ...process.env, WEB_DIST: dist }, encoding: 'utf8' });

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the web build budget', () => {
  it('passes a page within 100 KB and fails one past it', () => {
    const within = check(build(99, ['src/features/tracking/components/tracking-page.tsx']));
    expect(within.status, within.stderr).toBe(0);
    const past = check(build(101, ['src/features/tracking/components/tracking-page.tsx']));
    expect(past.status).toBe(1);
    expect(past.stderr).toMatch(/\/: first-load JavaScript 10[01]\.\d KB > 100 KB/);
    expect(past.stderr).toMatch(/\/track\/:id: first-load JavaScript 10[01]\.\d KB > 100 KB/);
  });

  it('fails when the tracking page carries wizard code or a public page carries admin code', () => {
    const wizard = check(build(10, ['src/features/wizard/components/wizard-page.tsx']));
    expect(wizard.status).toBe(1);
    expect(wizard.stderr).toContain('/track/:id: wizard code in the tracking page');
    const admin = check(build(10, ['src/app/admin/admin-app.tsx']));
    expect(admin.status).toBe(1);
    expect(admin.stderr).toContain('administrator code in the first load');
  });
});
