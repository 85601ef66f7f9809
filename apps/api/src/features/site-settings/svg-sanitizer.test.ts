import { describe, expect, it } from 'vitest';
import { sanitizeSvg, UnsafeSvgError } from './svg-sanitizer.ts';

describe('sanitizeSvg', () => {
  it('keeps drawing elements and presentation attributes', () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>Logo &amp; co</title><rect x="1" y="1" width="8" height="8" fill="#4a86e8"/><use href="#a"/></svg>';
    expect(sanitizeSvg(svg)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>Logo &amp; co</title><rect x="1" y="1" width="8" height="8" fill="#4a86e8"/><use href="#a"/></svg>',
    );
  });

  it('drops scripts, foreign objects and their content, event handlers and external references', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">
<script>alert(1)</script><foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(2)"/></div></foreignObject>
<image href="https://evil.example/x.png"/><use xlink:href="https://evil.example/a.svg#b"/>
<a href="javascript:alert(3)"><circle r="2" onclick="alert(4)" style="fill:url(https://evil.example/f)"/></a>
<rect fill="url(#grad)" style="fill: url('#grad')"/></svg>`;
    const clean = sanitizeSvg(svg);
    expect(clean).not.toMatch(/script|alert|foreignObject|evil|onload|onclick|onerror|<image|<a /i);
    expect(clean).toContain('<use/>');
    expect(clean).toContain('<rect fill="url(#grad)" style="fill: url(\'#grad\')"/>');
  });

  it('refuses what it cannot read safely', () => {
    const bad = [
      '<html><body/></html>',
      '<!DOCTYPE svg [<!ENTITY x "boom">]><svg>&x;</svg>',
      '<svg><g></svg>',
      '<svg><text>&unknown;</text></svg>',
      '<svg><style>@import url(https://evil.example/x.css);</style></svg>',
      'not xml at all',
    ];
    for (const input of bad) expect(() => sanitizeSvg(input), input).toThrow(UnsafeSvgError);
  });

  it('adds the SVG namespace to a root without one', () => {
    expect(sanitizeSvg('<svg width="2"/>')).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="2"/>');
  });
});
