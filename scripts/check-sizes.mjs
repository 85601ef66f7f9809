// The size limit `npm run lint` keeps beside Biome (whose noExcessiveLinesPerFunction holds
// functions to 100 lines): no source file over 300 lines, tests, migrations, bench and
// generated files aside (decision 0047). A long file is two.
// Usage: node scripts/check-sizes.mjs [path ...]; paths (files or folders, from the repository
// root) narrow the check, the default being every source root. Exits 1 on an oversized file,
// and on a WAITING entry that is no longer oversized (its line goes).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_FILE_LINES = 300;
export const ROOTS = ['apps/api/src', 'apps/web/src', 'packages/shared/src', 'e2e'];

// Oversized files another change is rewriting anyway, each with the reason; short-lived.
export const WAITING = new Map();

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
// Tests and their setup, end-to-end journeys, migrations, declarations and generated files.
const ASIDE = [
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /(^|\/)test-setup\.[jt]sx?$/,
  /\.d\.ts$/,
  /\.gen\.[jt]sx?$/,
  /(^|\/)migrations\//,
  /(^|\/)(node_modules|dist|test-results|playwright-report)\//,
];

/** Whether `path` (relative, '/'-separated) is a source file the limit applies to. */
export function isChecked(path) {
  return SOURCE.test(path) && !ASIDE.some((pattern) => pattern.test(path));
}

function* files(path) {
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    yield* files(join(path, entry.name));
  }
}

function lineCount(text) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Every file over the limit under `paths` (default: ROOTS) of `root`, as 'file: N lines ...'. */
export function findOversized(root, paths = ROOTS, waitingList = WAITING) {
  const found = [];
  for (const path of paths) {
    const start = resolve(root, path);
    if (!statSync(start, { throwIfNoEntry: false })) continue;
    for (const file of files(start)) {
      const rel = relative(root, file).split(sep).join('/');
      if (!isChecked(rel)) continue;
      const lines = lineCount(readFileSync(file, 'utf8'));
      const waiting = waitingList.has(rel);
      if (lines > MAX_FILE_LINES && !waiting)
        found.push(`${rel}: ${lines} lines, over ${MAX_FILE_LINES}: split it in two`);
      if (lines <= MAX_FILE_LINES && waiting)
        found.push(`${rel}: within ${MAX_FILE_LINES} lines: drop it from WAITING`);
    }
  }
  return found.sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(import.meta.dirname, '..');
  const paths = process.argv.slice(2);
  const found = findOversized(root, paths.length > 0 ? paths : ROOTS);
  for (const line of found) console.error(line);
  if (found.length > 0) {
    console.error(`${found.length} file(s) over ${MAX_FILE_LINES} lines`);
    process.exit(1);
  }
}
