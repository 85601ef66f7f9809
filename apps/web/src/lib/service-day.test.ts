import { describe, expect, it } from 'vitest';
import { serviceDay } from './service-day.ts';

describe('serviceDay', () => {
  it("is São Paulo's calendar day, not UTC's", () => {
    // 01:30 UTC on 1 December is still 30 November, 22:30, in São Paulo.
    expect(serviceDay(new Date('2026-12-01T01:30:00Z'))).toBe('2026-11-30');
    expect(serviceDay(new Date('2026-12-01T03:30:00Z'))).toBe('2026-12-01');
  });
});
