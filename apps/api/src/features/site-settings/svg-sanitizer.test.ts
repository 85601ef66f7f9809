import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { DOMWindow } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg, UnsafeSvgError } from './svg-sanitizer.ts';

const require = createRequire(import.meta.url);
const SVG_NS = 'http://www.w3.org/2000/svg';
const SVG = `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink">`;

let window: DOMWindow | undefined;

/** Reads an SVG text the way a browser's XML parser would. */
function read(svg: string): Document {
  if (!window) {
    const { JSDOM } = require('jsdom') as typeof import('jsdom');
    window = new JSDOM('').window;
  }
  return new window.DOMParser().parseFromString(svg, 'image/svg+xml');
}

/** What an attacker could still use in an SVG text: code, links out, HTML islands, fetches. */
function dangers(svg: string): string[] {
  const found: string[] = [];
  const markup = /<(script|iframe|foreignObject|image|a|set|animate|handler)[\s/>]/gi;
  for (const match of svg.matchAll(markup)) found.push(`<${match[1]}>`);
  const doc = read(svg);
  if (doc.getElementsByTagName('parsererror').length) return [...found, 'unreadable'];
  for (const element of doc.getElementsByTagName('*')) {
    if (element.namespaceURI !== SVG_NS) found.push(`${element.localName} in ${element.namespaceURI}`);
    if (element.localName === 'style' && /@import|url\(\s*(?!['"]?#)/i.test(element.textContent ?? '')) {
      found.push(`<style>${element.textContent}</style>`);
    }
    for (const { name, localName, value } of element.attributes) {
      const where = `${element.localName} @${name}="${value}"`;
      if (/^on/i.test(localName)) found.push(where);
      if (localName === 'href' && !/^#[\w.:-]+$/.test(value)) found.push(where);
      if (localName === 'base') found.push(where);
      if (localName === 'attributeName' && /href|^on|style/i.test(value)) found.push(where);
      if (/url\(\s*(?!['"]?#)|javascript:|data:/i.test(value)) found.push(where);
    }
  }
  return found;
}

const attacks: Record<string, string> = {
  'scripts, foreign objects, links, pictures and external references': `${SVG}
<script>alert(1)</script><foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(2)"/></div></foreignObject>
<image href="https://evil.example/x.png"/><use xlink:href="https://evil.example/a.svg#b"/>
<a href="javascript:alert(3)"><circle r="2" onclick="alert(4)" style="fill:url(https://evil.example/f)"/></a>
<rect fill="url(#grad)" style="fill: url('#grad')"/></svg>`,
  'an onload on the root': `<svg xmlns="${SVG_NS}" onload="alert(1)"><rect width="1"/></svg>`,
  '<set> arming an onload': `${SVG}<set attributeName="onload" to="alert(1)"/><rect width="1"/></svg>`,
  '<animate> turning a link into javascript:': `${SVG}<use href="#a"><animate attributeName="href" values="javascript:alert(1)"/></use></svg>`,
  '<animateTransform> aimed at a link': `${SVG}<use href="#a"><animateTransform attributeName="xlink:href" values="#b"/></use></svg>`,
  'a data: URL in xlink:href': `${SVG}<use xlink:href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>`,
  'javascript: in a style url()': `${SVG}<rect style="background:url(javascript:alert(1))"/></svg>`,
  'presentation attributes fetching from afar': `${SVG}<rect fill="url(https://evil.example/p#f)" filter="url( 'http://evil.example/#f' )"/></svg>`,
  'a filter image from afar': `${SVG}<filter id="f"><feImage href="https://evil.example/x.png"/></filter></svg>`,
  'an encoded javascript: link': `${SVG}<use href="&#106;avascript:alert(1)"/></svg>`,
  'xml:base moving #fragments elsewhere': `${SVG}<g xml:base="https://evil.example/"><use href="#a"/></g></svg>`,
  'an HTML iframe inside the SVG': `${SVG}<iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></svg>`,
  'markup hidden in CDATA': `${SVG}<title><![CDATA[</title><script>alert(1)</script>]]></title></svg>`,
  'a namespace declaration carrying javascript:': `<svg xmlns="${SVG_NS}" xmlns:x="javascript:alert(1)"><rect/></svg>`,
};

describe('sanitizeSvg', () => {
  // The API's start-up and public routes import this module but must not load jsdom. In a
  // process of its own: the API project's files share a worker's modules (isolate: false).
  it('loads jsdom only when the first SVG is sanitised', () => {
    const script = `
      const { createRequire } = await import('node:module');
      const require = createRequire(import.meta.url);
      const jsdomLoaded = () => Object.keys(require.cache).some((path) => /[\\\\/]node_modules[\\\\/]jsdom[\\\\/]/.test(path));
      const { sanitizeSvg } = await import(${JSON.stringify(new URL('./svg-sanitizer.ts', import.meta.url).href)});
      const before = jsdomLoaded();
      sanitizeSvg('<svg/>');
      console.log(JSON.stringify([before, jsdomLoaded()]));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '')).toEqual([false, true]);
  });

  it('keeps drawing elements, presentation attributes and text', () => {
    const svg = `<?xml version="1.0"?><svg xmlns="${SVG_NS}" viewBox="0 0 10 10">
<defs><linearGradient id="g" x2="1"><stop offset="0" stop-color="#4a86e8"/><stop offset="1" stop-color="#fff"/></linearGradient>
<radialGradient id="r"><stop offset="0.5" stop-color="red"/></radialGradient>
<filter id="f"><feGaussianBlur stdDeviation="0.5"/></filter></defs>
<style type="text/css"><![CDATA[ .st0 { fill: url(#g); } ]]></style>
<title>Logo &amp; co</title><g transform="translate(1 1)"><rect x="1" y="1" width="8" height="8" fill="#4a86e8" class="st0"/>
<circle cx="5" cy="5" r="2" fill="url(#r)" style="stroke: url('#g'); stroke-width: 0.2" filter="url(#f)"/>
<path id="a" d="M0 0L10 10" stroke="#000" stroke-linecap="round"/><use href="#a"/></g></svg>`;
    const clean = sanitizeSvg(svg);
    expect(dangers(clean)).toEqual([]);
    const doc = read(clean);
    const root = doc.documentElement;
    expect([root.localName, root.namespaceURI, root.getAttribute('viewBox')]).toEqual(['svg', SVG_NS, '0 0 10 10']);
    const attributes = (selector: string) =>
      Object.fromEntries([...(doc.querySelector(selector)?.attributes ?? [])].map((a) => [a.name, a.value]));
    expect(attributes('rect')).toEqual({ x: '1', y: '1', width: '8', height: '8', fill: '#4a86e8', class: 'st0' });
    expect(attributes('circle')).toEqual({
      cx: '5',
      cy: '5',
      r: '2',
      fill: 'url(#r)',
      style: "stroke: url('#g'); stroke-width: 0.2",
      filter: 'url(#f)',
    });
    expect(attributes('path')).toEqual({ id: 'a', d: 'M0 0L10 10', stroke: '#000', 'stroke-linecap': 'round' });
    expect(attributes('use')).toEqual({ href: '#a' });
    expect(attributes('g')).toEqual({ transform: 'translate(1 1)' });
    expect([...doc.querySelectorAll('stop')].map((stop) => stop.getAttribute('offset'))).toEqual(['0', '1', '0.5']);
    expect(doc.querySelector('linearGradient')?.id).toBe('g');
    expect(doc.querySelector('feGaussianBlur')?.getAttribute('stdDeviation')).toBe('0.5');
    expect(doc.querySelector('style')?.textContent?.trim()).toBe('.st0 { fill: url(#g); }');
    expect(doc.querySelector('title')?.textContent).toBe('Logo & co');
    expect(clean).toContain('<title>Logo &amp; co</title>');
  });

  it.each(Object.entries(attacks))('disarms %s and keeps an SVG', (_name, attack) => {
    expect(dangers(attack)).not.toEqual([]);
    const clean = sanitizeSvg(attack);
    expect(dangers(clean)).toEqual([]);
    expect(read(clean).documentElement.namespaceURI).toBe(SVG_NS);
    expect(sanitizeSvg(clean)).toBe(clean);
  });

  it('keeps the harmless parts next to an attack', () => {
    const clean = read(sanitizeSvg(attacks['scripts, foreign objects, links, pictures and external references'] ?? ''));
    expect(clean.querySelectorAll('use')).toHaveLength(1);
    expect(clean.querySelector('use')?.attributes).toHaveLength(0);
    expect(clean.querySelector('rect')?.getAttribute('fill')).toBe('url(#grad)');
    expect(clean.querySelector('rect')?.getAttribute('style')).toBe("fill: url('#grad')");
  });

  const WELL_FORMED = 'not well-formed XML';
  const ROOT = 'root must be svg';
  const ENTITIES = 'entity declarations';
  const STYLE = 'style reaches outside the document';
  it.each([
    ['<html><body/></html>', ROOT],
    ['<html><svg/></html>', ROOT],
    ['<svg xmlns="http://www.w3.org/1999/xhtml"/>', ROOT],
    ['<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:rect/></s:svg>', 'no svg left'],
    ['<!DOCTYPE svg [<!ENTITY x "boom">]><svg>&x;</svg>', ENTITIES],
    ['<!DOCTYPE svg [<!ENTITY x "boom">]><svg/>', ENTITIES],
    ['<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><svg>&b;&b;&b;</svg>', ENTITIES],
    ['<svg><g></svg>', WELL_FORMED],
    ['<svg><text>&unknown;</text></svg>', WELL_FORMED],
    ['<svg><use xlink:href="#a"/></svg>', WELL_FORMED],
    ['not xml at all', WELL_FORMED],
    ['', WELL_FORMED],
    ['<svg><style>@import url(https://evil.example/x.css);</style></svg>', STYLE],
    ['<svg><style>rect { fill: url(https://evil.example/f) }</style></svg>', STYLE],
    ['<svg><style><![CDATA[rect { fill: url("//evil.example/f") }]]></style></svg>', STYLE],
    ['<svg><style>rect { width: expression(alert(1)) }</style></svg>', STYLE],
    ['<svg><style>rect { fill: u\\72l(https://evil.example/f) }</style></svg>', STYLE],
  ])('refuses what it cannot read safely: %s', (input, reason) => {
    const refusal = (() => {
      try {
        sanitizeSvg(input);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(UnsafeSvgError);
    expect((refusal as Error).message).toBe(reason);
  });

  it('accepts a plain DOCTYPE and drops it', () => {
    const svg = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="${SVG_NS}"><rect width="1"/></svg>`;
    const clean = sanitizeSvg(svg);
    expect(clean).not.toMatch(/DOCTYPE|w3\.org\/Graphics/);
    expect(read(clean).querySelector('rect')?.getAttribute('width')).toBe('1');
  });

  it('adds the SVG namespace to a root without one', () => {
    const clean = sanitizeSvg('<svg width="2"><rect width="1"/></svg>');
    expect(clean).toMatch(new RegExp(`^<svg xmlns="${SVG_NS}"`));
    const doc = read(clean);
    expect([doc.documentElement.namespaceURI, doc.querySelector('rect')?.namespaceURI]).toEqual([SVG_NS, SVG_NS]);
    expect(doc.documentElement.getAttribute('width')).toBe('2');
  });
});
