// Query keys are written only in the query-key factories (decision 0047): each feature's
// api/query-keys.ts and the shared ones in lib/query-keys/. Anywhere else a key comes from a
// factory, so a screen and the mutation that refreshes it cannot drift apart.
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const isFactory = (path: string) => /\/query-keys(\.ts$|\/)/.test(path);

/** A key written by hand: an array literal as a key, given to a cache call, or a key read by position. */
const HAND_WRITTEN = [
  /queryKey:\s*\[/,
  /\b(?:setQueryData|getQueryData|setQueriesData|getQueriesData|fetchQuery|prefetchQuery|ensureQueryData)\(\s*\[/,
  /queryKey\[\d/,
];

function handWrittenKeys(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    if (isFactory(path)) continue;
    text.split('\n').forEach((line, index) => {
      if (HAND_WRITTEN.some((pattern) => pattern.test(line)))
        found.push(`${path.slice(3)}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('query keys', () => {
  it('reads the whole source tree', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(Object.keys(sources)).toContain('../features/requests/api/query-keys.ts');
  });

  it('are written only in the query-key factories', () => {
    expect(handWrittenKeys(sources)).toEqual([]);
  });

  it('names a file that writes one by hand', () => {
    const files = {
      '../features/x/api/get-x.ts': "useQuery({ queryKey: ['x'], queryFn })",
      '../features/x/api/save-x.ts': "client.setQueryData(['x'], saved)",
      '../features/x/api/drop-x.ts': "predicate: (query) => query.queryKey[2] !== 'detail'",
      '../features/x/api/query-keys.ts': "queryOptions({ queryKey: ['x'], queryFn })",
      '../lib/query-keys/y.ts': "queryOptions({ queryKey: ['y'], queryFn })",
    };
    expect(handWrittenKeys(files)).toEqual([
      "features/x/api/get-x.ts:1: useQuery({ queryKey: ['x'], queryFn })",
      "features/x/api/save-x.ts:1: client.setQueryData(['x'], saved)",
      "features/x/api/drop-x.ts:1: predicate: (query) => query.queryKey[2] !== 'detail'",
    ]);
  });
});
