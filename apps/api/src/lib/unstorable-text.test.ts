import { describe, expect, it } from 'vitest';
import { unstorableTextAt } from './unstorable-text.ts';

describe('unstorableTextAt', () => {
  it('finds NUL and lone surrogates anywhere, and lets every other text through', () => {
    expect(unstorableTextAt({ name: 'Zé 😀 名前', tags: ['a', 'b'], n: 1, x: null })).toBeUndefined();
    expect(unstorableTextAt({ name: 'a\u0000b' })).toBe('name');
    expect(unstorableTextAt({ auth: { user: 'x', pass: 'y\ud800' } })).toBe('auth.pass');
    expect(unstorableTextAt({ list: ['ok', '\udc00z'] })).toBe('list.1');
    expect(unstorableTextAt('\u0000')).toBe('_');
    expect(unstorableTextAt({ emoji: '\ud83d\ude00' })).toBeUndefined();
  });
});
