// For catalogues.test.ts: the catalogue keys the source tree uses and what is wrong with one.
// A use is a quoted literal of key characters with a dot in it, or a template literal's head
// before its first ${ (`public.wizard.steps.${step}`), as the codemod of issue 34 found them.
// Every key is `<file>.<key inside the file>`: its first segment names the file that defines it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { NAMESPACES } from './catalogues.ts';
import type { Catalogue } from './translate.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const ROOTS = [
  'apps/api/src',
  'apps/api/test',
  'apps/web/src',
  'packages/shared/src',
  'e2e',
  'tests',
  'scripts',
  'bench',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.vite', 'coverage']);
/** This file and its test write keys wrong on purpose. */
const SKIP_FILES = new Set([
  'packages/shared/src/i18n/catalogues.test.ts',
  'packages/shared/src/i18n/key-uses.test-support.ts',
]);
/** Literals that read like a key and are not one. */
const NOT_KEYS = new Set([
  // Audit kinds: one ('login.failed' is also a key of admin-access.json) and a prefix given to the audit list's filter.
  'auth.login.failed',
  'company.',
]);
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key path of a catalogue: its texts, its plurals' bases and its groups. */
function paths(node: Catalogue, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    return typeof value === 'string' ? [path, path.replace(PLURAL, '')] : [path, ...paths(value, `${path}.`)];
  });
}

const byFile = new Map(Object.entries(NAMESPACES.pt).map(([name, catalogue]) => [name, new Set(paths(catalogue))]));
const topGroups = new Set([...byFile.values()].flatMap((set) => [...set].filter((p) => !p.includes('.'))));

const defines = (file: Set<string>, key: string, head: boolean) =>
  head ? [...file].some((p) => `${p}.`.startsWith(key) || p.startsWith(key)) : file.has(key);

/** The full key an old-style key (a key inside a file, no file's name first) stands for. */
function fullKey(key: string, head: boolean): string | undefined {
  for (const [name, file] of byFile) if (defines(file, key, head)) return `${name}.${key}`;
  return undefined;
}

/** What is wrong with a key use, or undefined when it is right (or is no key). */
export function keyUseProblem(text: string, head = false): string | undefined {
  const dot = text.indexOf('.');
  if (dot < 0) return undefined;
  const first = text.slice(0, dot);
  const rest = text.slice(dot + 1);
  const file = byFile.get(first);
  if (file && defines(file, rest, head)) return undefined;
  const meant = fullKey(text, head);
  if (meant) return `not led by its file's name: ${meant}`;
  if (file) return head ? `${first}.json has no key under ${rest}` : `${first}.json has no ${rest}`;
  const other = rest.includes('.') ? fullKey(rest, head) : undefined;
  return other ? `not led by its file's name: ${other}` : undefined;
}

/** Whether a literal is meant as a key: led by a file's name and a group, or a key of a file. */
function isKeyLike(text: string, head: boolean): boolean {
  const [first = '', second = ''] = text.split('.');
  if (byFile.has(first) && topGroups.has(second)) return true;
  return keyUseProblem(text, head) !== undefined;
}

function* sourceFiles(dir: string): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names.sort()) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name)) yield path;
  }
}

export interface KeyUse {
  /** file:line */
  where: string;
  text: string;
  /** A template literal's head, or a quoted prefix ending in a dot: keys that start with it. */
  head: boolean;
}

/** Every key use of the source roots. */
export function keyUses(): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const sourceRoot of ROOTS) {
    for (const path of sourceFiles(join(ROOT, sourceRoot))) {
      const rel = relative(ROOT, path);
      if (SKIP_FILES.has(rel)) continue;
      const source = readFileSync(path, 'utf8');
      for (const m of source.matchAll(/(['"`])([A-Za-z][A-Za-z0-9_.-]*)(\1|\$\{)/g)) {
        const [, quote, text = '', end] = m;
        if (!text.includes('.') || NOT_KEYS.has(text)) continue;
        if (end === '${' && quote !== '`') continue;
        const head = end === '${' || text.endsWith('.');
        if (!isKeyLike(text, head)) continue;
        uses.push({ where: `${rel}:${source.slice(0, m.index).split('\n').length}`, text, head });
      }
    }
  }
  return uses;
}
