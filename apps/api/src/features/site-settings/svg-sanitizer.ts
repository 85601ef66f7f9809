// Sanitises uploaded SVG logos: DOMPurify's SVG profile on a jsdom window, plus the rules a
// standalone logo needs on top of it (decision 0016). What it cannot read safely is refused.
import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import type { DOMWindow } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';

export class UnsafeSvgError extends Error {}

/** Whole subtrees that go, whatever DOMPurify's lists say: links, pictures, HTML islands, code. */
const DROPPED_ELEMENTS = new Set(['a', 'image', 'foreignobject', 'script']);
const FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;

/** CSS that stays inside the document: url() only to a #fragment; no imports, escapes or expressions. */
function isSafeCss(css: string): boolean {
  if (/[\\<]|@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding|image-set\s*\(|\bsrc\s*\(/i.test(css)) {
    return false;
  }
  return !/url\s*\(/i.test(css.replace(/url\s*\(\s*(['"]?)#[\w.:-]*\1\s*\)/gi, ''));
}

/** Links only to a #fragment of this document; every other value passes the CSS rule. */
function isSafeAttribute(name: string, value: string): boolean {
  if (name === 'href' || name.endsWith(':href')) return FRAGMENT.test(value);
  return isSafeCss(value);
}

interface Sanitizer {
  window: DOMWindow;
  purify: DOMPurify;
}

let sanitizer: Sanitizer | undefined;

/** Loading jsdom costs over a second and ~100 MB (decision 0016): the first SVG upload pays, not start-up. */
function getSanitizer(): Sanitizer {
  if (sanitizer) return sanitizer;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom');
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  // Unsupported, DOMPurify would hand the input back untouched.
  if (!purify.isSupported) throw new Error('DOMPurify cannot run on this jsdom window');
  // DOMPurify hands the hooks lower-cased names.
  purify.addHook('uponSanitizeElement', (node, event) => {
    if (DROPPED_ELEMENTS.has(event.tagName)) (node as Element).remove();
  });
  purify.addHook('uponSanitizeAttribute', (_node, event) => {
    if (!isSafeAttribute(event.attrName, event.attrValue)) event.keepAttr = false;
  });
  sanitizer = { window, purify };
  return sanitizer;
}

/** Returns the sanitised SVG document; throws UnsafeSvgError when it is not safely readable SVG. */
export function sanitizeSvg(text: string): string {
  // Before parsing: jsdom expands internal entities, so a small file could grow a huge tree.
  // A plain DOCTYPE (an external DTD is never fetched) goes with the prolog.
  if (/<!ENTITY|<!DOCTYPE[^>[]*\[/i.test(text)) throw new UnsafeSvgError('entity declarations');
  const { window, purify } = getSanitizer();
  const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (doc.getElementsByTagName('parsererror').length > 0) throw new UnsafeSvgError('not well-formed XML');
  if (root.localName !== 'svg' || (root.namespaceURI !== SVG_NS && root.namespaceURI !== null)) {
    throw new UnsafeSvgError('root must be svg');
  }
  for (const style of root.getElementsByTagNameNS('*', 'style')) {
    if (!isSafeCss(style.textContent ?? '')) throw new UnsafeSvgError('style reaches outside the document');
  }
  // DOMPurify drops CDATA sections; editors wrap <style> in them, so they become plain text.
  const walker = doc.createTreeWalker(root, window.NodeFilter.SHOW_CDATA_SECTION);
  const sections: Node[] = [];
  while (walker.nextNode()) sections.push(walker.currentNode);
  for (const section of sections) {
    section.parentNode?.replaceChild(doc.createTextNode(section.textContent ?? ''), section);
  }
  // Re-parsed by DOMPurify inside an SVG-namespace context: a root without xmlns joins that namespace.
  const clean = purify.sanitize(new window.XMLSerializer().serializeToString(root), {
    USE_PROFILES: { svg: true, svgFilters: true },
    // The SVG namespace makes DOMPurify parse into an XML document (XML rules, XML output).
    // PARSER_MEDIA_TYPE stays text/html: with this namespace it only sets the case of name
    // look-ups, and the XHTML setting would miss linearGradient, viewBox and the like.
    NAMESPACE: SVG_NS,
    // Off DOMPurify's list because <use> can load another file; the href rule keeps it inside.
    ADD_TAGS: ['use'],
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = clean.firstElementChild;
  if (svg?.localName !== 'svg' || svg.namespaceURI !== SVG_NS) throw new UnsafeSvgError('no svg left');
  return new window.XMLSerializer().serializeToString(svg);
}
