import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiLine, singleLine, withoutControls } from './control-chars.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NOT_BREAKS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('control characters', () => {
  it('singleLine leaves no control character, line break or tab', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => !CONTROL.test(singleLine(text))));
    expect(singleLine('Ana\r\nBcc: x\u0007\u0085y\u2028z')).toBe('Ana Bcc: x y z');
    expect(singleLine('Rua dos Andradas, 100')).toBe('Rua dos Andradas, 100');
  });

  it('multiLine keeps line breaks (as \\n) and tabs only', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => !NOT_BREAKS.test(multiLine(text))));
    expect(multiLine('a\r\nb\rc\u0000d\te\u009bf\u001b[31m')).toBe('a\nb\ncd\tef[31m');
  });

  it('withoutControls keeps tab, CR and LF for a quoted CSV cell', () => {
    expect(withoutControls('x\u0000y\u001b\u007f\u0080z\t\r\n')).toBe('xyz\t\r\n');
    fc.assert(fc.property(fc.string(), (text) => withoutControls(withoutControls(text)) === withoutControls(text)));
  });
});
