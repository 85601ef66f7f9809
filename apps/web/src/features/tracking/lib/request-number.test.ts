import { describe, expect, it } from 'vitest';
import { typedRequestNumber } from './request-number.ts';

describe('typedRequestNumber', () => {
  it('takes the digits alone or as the confirmation writes them', () => {
    for (const typed of ['1234', ' 1234 ', 'nº 1234', 'Nº1234', 'n° 1234', 'no. 1234', '#1234', '1.234', 'Nº. 1.234'])
      expect(typedRequestNumber(typed), typed).toBe('1234');
  });

  it('refuses what is not a request number', () => {
    for (const typed of ['', '   ', 'abc', '12abc', 'rua 12', '0', '0123', '12345678901', '-5', '1,5'])
      expect(typedRequestNumber(typed), typed).toBeUndefined();
  });
});
