// GeoReport v2's two formats: JSON as the objects are, XML as the spec's examples write it
// (a root element, one element per list item, UTF-8 with its declaration), built by
// fast-xml-parser, which escapes the text it writes.

import type { FastifyReply } from 'fastify';
import { loadOnUse } from '../../lib/load-on-use.ts';

export const FORMATS = ['json', 'xml'] as const;
export type Format = (typeof FORMATS)[number];

export function isFormat(value: unknown): value is Format {
  return value === 'json' || value === 'xml';
}

/** The XML builder, made by the first XML answer rather than at start-up (decision 0055). */
const fastXml = loadOnUse<typeof import('fast-xml-parser')>('fast-xml-parser');
let builder: InstanceType<typeof import('fast-xml-parser').XMLBuilder> | undefined;
function xmlBuilder() {
  builder ??= new (fastXml().XMLBuilder)({ format: false });
  return builder;
}
const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/**
 * How a list is written in XML: the lists' element names by their JSON key (`formats` →
 * `<formats><format>`), the answer's own list by its root and item names.
 */
const XML_ITEMS: Record<string, string> = {
  endpoints: 'endpoint',
  formats: 'format',
  attributes: 'attribute',
  values: 'value',
};

/**
 * What XML 1.0 cannot carry at all, escaped or not (its Char production): control characters
 * but tab and line breaks, U+FFFE/U+FFFF, lone surrogates. The wizard takes them in free text,
 * and one such request in a list would make the whole document unreadable to every client.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xmlTree(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(xmlTree);
  if (typeof value === 'string') return value.replace(NOT_XML_CHAR, '\uFFFD');
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const item = XML_ITEMS[key];
    out[key] = item && Array.isArray(field) ? { [item]: field.map(xmlTree) } : xmlTree(field);
  }
  return out;
}

export interface XmlShape {
  root: string;
  /** The element of each item when the answer is a list. */
  item?: string;
}

export function sendOpen311(
  reply: FastifyReply,
  format: Format,
  status: number,
  body: unknown,
  shape: XmlShape,
): FastifyReply {
  reply.code(status);
  if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  const tree = shape.item ? { [shape.root]: { [shape.item]: xmlTree(body) } } : { [shape.root]: xmlTree(body) };
  return reply.type('text/xml; charset=utf-8').send(`${DECLARATION}${xmlBuilder().build(tree)}`);
}

/** The spec's error list: `[{ code, description }]`, `<errors><error><code>…`. */
export function sendOpen311Errors(
  reply: FastifyReply,
  format: Format,
  status: number,
  descriptions: string[],
): FastifyReply {
  const errors = descriptions.map((description) => ({ code: status, description }));
  return sendOpen311(reply, format, status, errors, { root: 'errors', item: 'error' });
}
