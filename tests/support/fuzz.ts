// Generators for hostile input, driven by a route's OpenAPI schemas: values that are
// nearly right (the schema's own shapes) mixed with wrong types, huge numbers, values
// just out of range, unknown enum values, control characters and prototype-pollution keys.
import fc from 'fast-check';
import type { JsonSchema } from './openapi.ts';

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

const hostileNumber = fc.constantFrom(
  0,
  -1,
  91,
  -91,
  181,
  -181,
  1e308,
  -1e308,
  2 ** 53 + 1,
  2 ** 31,
  -(2 ** 31) - 1,
  1.5,
  Number.MIN_VALUE,
  999_999_999_999,
);
/**
 * Ids as a hostile client writes them: past PostgreSQL's integer (2^31-1), past 2^32 and
 * 2^53, negative, fractional, and the same as text (with signs, spaces, exponents, leading
 * zeros). Any id field that lets one of these reach the database is a 500 on PostgreSQL.
 */
const hostileIdNumber = fc.oneof(
  fc.constantFrom(
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    1e21,
    1e308,
    -1,
    -(2 ** 31),
    -(2 ** 31) - 1,
    0,
    1.5,
    2 ** 31 - 0.5,
  ),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 64n }).map(Number),
  fc.bigInt({ min: -(2n ** 64n), max: -1n }).map(Number),
);
const hostileIdText = fc.oneof(
  hostileIdNumber.map(String),
  fc.bigInt({ min: 2n ** 31n, max: 10n ** 30n }).map(String),
  fc.constantFrom(
    '2147483648',
    '4294967296',
    '9007199254740993',
    '99999999999999999999',
    '-2147483649',
    '-1',
    '0',
    '01',
    '+1',
    ' 1',
    '1 ',
    '1.0',
    '1e3',
    '0x7fffffff',
  ),
);
export const hostileId: fc.Arbitrary<unknown> = fc.oneof(hostileIdNumber, hostileIdText);
/** Hostile ids as a path or query value. */
export const hostileIdParam: fc.Arbitrary<string> = hostileIdText;

/** Fields that carry an id: `id`, `company`, `companies`, `…Id`, `…Ids`. */
export const isIdField = (name: string) => /^(id|company|companies)$|Ids?$/.test(name);

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'FOO_UNKNOWN',
    '91',
    '-91.0000001',
    '1e309',
    'NaN',
    'Infinity',
    '0x10',
    '00000000001',
    '9'.repeat(400),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '"; DROP TABLE repair_requests; --',
    '../../etc/passwd',
    '%00',
    '\r\nBcc: victim@evil.test',
    '__proto__',
    'constructor',
    '{"$gt":""}',
  ),
  fc.integer({ min: 0, max: 3 }).map((n) => 'x'.repeat(10 ** n * 7)),
);
const protoObject = fc.constantFrom<Record<string, unknown>>(
  JSON.parse('{"__proto__":{"polluted":"yes","role":"admin","isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
  JSON.parse('{"__proto__":[]}'),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  protoObject,
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value of the schema's own shape (what a well-meaning client would send), or undefined when unknown. */
function shapedValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(undefined);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => shapedValue(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
        } catch {
          // a pattern JavaScript cannot read: any string
        }
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1000, 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(shapedValue(schema.items, depth + 1), { maxLength: 4 });
    case 'object':
      return shapedObject(schema, depth + 1);
    default:
      return fc.constant(undefined);
  }
}

/** An object with the schema's properties, each shaped, hostile or missing; sometimes with extra keys. */
export function shapedObject(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  const fields = entries.map(([name, property]) => {
    const isArray = (Array.isArray(property.type) ? property.type : [property.type]).includes('array');
    // An id field gets ids out of range as often as well-shaped values (alone or in a list).
    const ids = isArray
      ? fc.array(fc.oneof(hostileId, shapedValue(property.items, depth + 1)), { minLength: 1, maxLength: 4 })
      : hostileId;
    return fc
      .oneof(
        { weight: 6, arbitrary: shapedValue(property, depth) },
        { weight: isIdField(name) ? 6 : 0, arbitrary: ids },
        { weight: 3, arbitrary: hostileValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
      .map((value) => [name, value] as const);
  });
  return fc
    .tuple(
      fc.tuple(...fields),
      fc.option(fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })), hostileValue), {
        nil: undefined,
        freq: 4,
      }),
    )
    .map(([pairs, extra]) => {
      const object: Record<string, unknown> = {};
      for (const [name, value] of pairs) if (value !== undefined) object[name] = value;
      // Computed keys make "__proto__" an own property, so it reaches the JSON text.
      for (const [key, value] of Object.entries(extra ?? {}))
        Object.defineProperty(object, key, { value, enumerable: true });
      return object;
    });
}

/** A query value: shaped, hostile (ids out of range for an id), or repeated. */
export function queryValue(schema: JsonSchema, name = ''): fc.Arbitrary<string[]> {
  const one = fc.oneof(
    { weight: 5, arbitrary: shapedValue(schema).map((v) => (v === undefined ? '' : String(v))) },
    { weight: isIdField(name) ? 5 : 0, arbitrary: hostileIdParam },
    { weight: 3, arbitrary: hostileString },
  );
  return fc.array(one, { minLength: 1, maxLength: 3 });
}

/**
 * The routes the hot path serves (decision 0017: filing, the tracking read and an
 * Idempotency-Key's replay, the company list), as the OpenAPI document names them.
 */
export const HOT_PATH_ROUTES = [
  'POST /api/repair-requests',
  'GET /api/repair-requests/{id}',
  'GET /api/energy-companies',
];

/**
 * The routes a fuzzing run covers. HARDENING_ROUTES=hot-path (the FAST_PATH=off rerun,
 * scripts/test.mjs; decision 0045) keeps the hot path's routes only: the admin routes answer
 * the same in both modes. The fuzzer scales its case counts by the share kept, so that each
 * route kept gets as many cases as in a run over every route.
 */
export function fuzzedRoutes<R extends { method: string; path: string }>(
  routes: R[],
  env: Record<string, string | undefined> = process.env,
): R[] {
  if (env.HARDENING_ROUTES !== 'hot-path') return routes;
  const kept = routes.filter((r) => HOT_PATH_ROUTES.includes(`${r.method} ${r.path}`));
  if (kept.length !== HOT_PATH_ROUTES.length) {
    throw new Error(`HARDENING_ROUTES=hot-path: ${HOT_PATH_ROUTES.join(', ')} are not all in the route table`);
  }
  return kept;
}
