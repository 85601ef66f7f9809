// A strict allow-list SVG sanitiser for uploaded logos. The file is tokenised and
// rebuilt: only known drawing elements and presentation attributes survive; scripts,
// event handlers, foreignObject, external references (href other than #fragment,
// url() other than #fragment), entities, DOCTYPEs and processing instructions go.
// Anything it cannot read as well-formed SVG is refused rather than guessed at.

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'style',
]);

const ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'xmlns',
  'xmlns:xlink',
  'version',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'pathLength',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'clip-path',
  'mask',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'dx',
  'dy',
  'mode',
  'type',
  'values',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'flood-color',
  'flood-opacity',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'marker-start',
  'marker-mid',
  'marker-end',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'href',
  'xlink:href',
  'xml:space',
  'role',
  'aria-label',
  'aria-hidden',
  'focusable',
]);

const NAMESPACES: Record<string, string> = {
  xmlns: 'http://www.w3.org/2000/svg',
  'xmlns:xlink': 'http://www.w3.org/1999/xlink',
};

export class UnsafeSvgError extends Error {}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** Decodes the five XML entities and numeric references; any other entity is refused. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);|&/g, (match, body: string | undefined) => {
    if (!body) throw new UnsafeSvgError('bare ampersand');
    if (body[0] === '#') {
      const code = body[1] === 'x' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) throw new UnsafeSvgError('bad reference');
      return String.fromCodePoint(code);
    }
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    const value = named[body];
    if (value === undefined) throw new UnsafeSvgError(`entity ${match}`);
    return value;
  });
}

/** url(...) only to a fragment of the same document; no imports, no escapes, no expressions. */
function safeCss(css: string): boolean {
  if (/[\\<]|@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding/i.test(css)) return false;
  for (const match of css.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!(match[2] ?? '').startsWith('#')) return false;
  }
  return !/url\s*\(/i.test(css.replace(/url\s*\(\s*(['"]?)#[^'")]*\1\s*\)/gi, ''));
}

function safeAttribute(name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name)) return false;
  if (name in NAMESPACES) return value === NAMESPACES[name];
  if (name === 'href' || name === 'xlink:href') return /^#[A-Za-z_][\w.:-]*$/.test(value);
  if (name === 'xml:space') return value === 'preserve' || value === 'default';
  return safeCss(value);
}

const ATTRIBUTE = /\s+([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/y;

/** Returns the sanitised SVG text; throws UnsafeSvgError when it is not readable SVG. */
export function sanitizeSvg(input: string): string {
  const source = input.replace(/^\uFEFF/, '');
  const out: string[] = [];
  const stack: { name: string; kept: boolean }[] = [];
  /** Depth inside a dropped element: its whole subtree goes. */
  let dropping = 0;
  let sawRoot = false;
  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const text = lt === -1 ? source.slice(i) : source.slice(i, lt);
    if (text) {
      if (stack.length === 0) {
        if (text.trim()) throw new UnsafeSvgError('text outside the root');
      } else if (!dropping) {
        const parent = stack[stack.length - 1]?.name;
        const decoded = decodeEntities(text);
        if (parent === 'style' && !safeCss(decoded)) throw new UnsafeSvgError('unsafe style');
        out.push(escapeText(decoded));
      } else {
        decodeEntities(text);
      }
    }
    if (lt === -1) break;
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      if (end === -1) throw new UnsafeSvgError('unclosed comment');
      i = end + 3;
      continue;
    }
    if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt + 2);
      if (end === -1) throw new UnsafeSvgError('unclosed instruction');
      i = end + 2;
      continue;
    }
    if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt + 9);
      if (end === -1) throw new UnsafeSvgError('unclosed CDATA');
      const parent = stack[stack.length - 1]?.name;
      const content = source.slice(lt + 9, end);
      if (!dropping && stack.length) {
        if (parent === 'style' && !safeCss(content)) throw new UnsafeSvgError('unsafe style');
        out.push(escapeText(content));
      }
      i = end + 3;
      continue;
    }
    if (source.startsWith('<!', lt)) {
      // DOCTYPE and friends: internal subsets can declare entities; refuse those, skip the rest.
      const end = source.indexOf('>', lt + 2);
      if (end === -1 || source.slice(lt, end).includes('[')) throw new UnsafeSvgError('doctype');
      i = end + 1;
      continue;
    }
    if (source[lt + 1] === '/') {
      const end = source.indexOf('>', lt + 2);
      if (end === -1) throw new UnsafeSvgError('unclosed end tag');
      const name = source.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new UnsafeSvgError('mismatched tags');
      if (open.kept && !dropping) out.push(`</${name}>`);
      if (!open.kept) dropping -= 1;
      i = end + 1;
      continue;
    }
    const nameMatch = /^<([A-Za-z_][\w.:-]*)/.exec(source.slice(lt, lt + 200));
    if (!nameMatch?.[1]) throw new UnsafeSvgError('bad tag');
    const name = nameMatch[1];
    let pos = lt + nameMatch[0].length;
    const attributes: [string, string][] = [];
    for (;;) {
      ATTRIBUTE.lastIndex = pos;
      const m = ATTRIBUTE.exec(source);
      if (!m) break;
      const attrName = m[1] ?? '';
      const raw = m[2] ?? m[3];
      if (raw === undefined) throw new UnsafeSvgError('attribute without value');
      attributes.push([attrName, decodeEntities(raw)]);
      pos = ATTRIBUTE.lastIndex;
    }
    const close = /^\s*(\/?)>/.exec(source.slice(pos, pos + 10));
    if (!close) throw new UnsafeSvgError('bad tag end');
    const selfClosing = close[1] === '/';
    i = pos + close[0].length;

    if (stack.length === 0) {
      if (sawRoot || name !== 'svg') throw new UnsafeSvgError('root must be svg');
      sawRoot = true;
    }
    const kept = !dropping && ELEMENTS.has(name);
    if (kept) {
      const attrs = attributes
        .filter(([attrName, value]) => !/^on/i.test(attrName) && safeAttribute(attrName, value))
        .map(([attrName, value]) => ` ${attrName}="${escapeAttr(value)}"`)
        .join('');
      const rootNs =
        stack.length === 0 && !attributes.some(([n]) => n === 'xmlns') ? ` xmlns="${NAMESPACES.xmlns}"` : '';
      out.push(`<${name}${rootNs}${attrs}${selfClosing ? '/>' : '>'}`);
    }
    if (!selfClosing) {
      stack.push({ name, kept });
      if (!kept) dropping += 1;
    } else if (stack.length === 0) {
      // A self-closed root is the whole document.
    }
  }
  if (stack.length) throw new UnsafeSvgError('unclosed elements');
  if (!sawRoot) throw new UnsafeSvgError('no svg root');
  return out.join('');
}
