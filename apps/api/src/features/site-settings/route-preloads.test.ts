import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRoutePreloads } from './route-preloads.ts';

const root = mkdtempSync(join(tmpdir(), 'acende-preloads-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('route preloads', () => {
  mkdirSync(join(root, '.vite'));
  writeFileSync(
    join(root, '.vite', 'chunk-graph.json'),
    JSON.stringify({
      chunks: {},
      pages: {
        '/': ['assets/index-1.js', 'assets/wizard-2.js', 'assets/index-3.css'],
        '/track/:id': ['assets/index-1.js', 'assets/tracking-4.js'],
      },
    }),
  );
  const preloads = loadRoutePreloads(root, '<script type="module" src="/assets/index-1.js"></script>');

  it('links the JavaScript a page needs that the page does not load already', () => {
    expect(preloads('/')).toBe('<link rel="modulepreload" crossorigin href="/assets/wizard-2.js">');
    expect(preloads('/track/42?token=x')).toBe('<link rel="modulepreload" crossorigin href="/assets/tracking-4.js">');
    expect(preloads('/track/42/')).toContain('tracking-4.js');
  });

  it('links nothing for other paths, and nothing without a build graph', () => {
    for (const path of ['/track', '/track/42/more', '/x', '/admin/login', '//']) expect(preloads(path), path).toBe('');
    expect(loadRoutePreloads(join(root, 'missing'), '')('/')).toBe('');
  });
});
