// Before and after of a change, kept to the fields that changed.

type Fields = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `after` whose value differs from `before`, as two objects of the same keys.
 * Both are null when nothing changed.
 */
export function changedFields(before: Fields, after: Fields): { before: Fields | null; after: Fields | null } {
  const was: Fields = {};
  const now: Fields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length === 0 ? { before: null, after: null } : { before: was, after: now };
}
