import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, textCell } from './csv.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const DROPPED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const SIGNS = ['=', '+', '-', '@', '＝', '＋', '－', '＠'];
const BLANKS = ['', ' ', '  ', '\t', '\r', '\n', '\u00a0', '\u3000', '\u0001', ' \t\r\n'];

describe('CSV cells', () => {
  it('guards a formula sign, full-width or not, after any leading blanks', () => {
    for (const sign of SIGNS) {
      for (const blank of BLANKS) {
        const text = `${blank}${sign}HYPERLINK("http://evil.example")`;
        expect(textCell(text), JSON.stringify(text)).toBe(`'${text}`);
      }
    }
    fc.assert(
      fc.property(fc.constantFrom(...BLANKS), fc.constantFrom(...SIGNS), fc.string(), (blank, sign, rest) =>
        textCell(`${blank}${sign}${rest}`).startsWith("'"),
      ),
    );
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['Rua dos Andradas, 100', 'Em frente à escola', '', 'a=b', 'x - y', 'Poste 12-B']) {
      expect(textCell(text)).toBe(text);
    }
  });

  it('drops control characters but tab and line ends, and quotes what needs it', () => {
    expect(csvField('Rua\u0000 A\u001b\u0085')).toBe('Rua A');
    expect(csvField('a\r\nb\tc')).toBe('"a\r\nb\tc"');
    expect(csvField(textCell('\u0007=1+1'))).toBe("'=1+1");
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => !DROPPED.test(csvField(text))));
  });
});
