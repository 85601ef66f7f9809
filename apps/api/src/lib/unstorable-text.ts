// Text no database keeps as sent: NUL (PostgreSQL refuses it with 22021) and lone UTF-16
// surrogates (stored as U+FFFD). The security plugin refuses them in any request part.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string in `value` that holds NUL or a lone surrogate, or undefined. */
export function unstorableTextAt(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path || '_' : undefined;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  // Bytes are no text: a photo's body (a Buffer) walked as an object costs an entry per byte
  // (seconds of a core and hundreds of MB for 5 MB), and is never stored as text.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableTextAt(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
