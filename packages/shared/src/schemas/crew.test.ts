// The crew's action as the sync reads it: the time of doing it carries its offset (decision 0068).
import { describe, expect, it } from 'vitest';
import { crewActionSchema } from './crew.ts';

const arrive = (at: string) => ({ key: 'chave-0001', kind: 'arrive', stopId: 1, at, seenUpdatedAt: 'x' });

describe('the time of a crew action', () => {
  it('is read with its offset or Z', () => {
    for (const at of ['2026-11-30T10:15:00.000Z', '2026-11-30T07:15:00-03:00', '2026-11-30T10:15Z']) {
      expect(crewActionSchema.safeParse(arrive(at)).success, at).toBe(true);
    }
  });

  it('is refused without one, or when it is not a time', () => {
    for (const at of ['2026-11-30T10:15:00', '2026-11-30', '30/11/2026 10:15', '2026-13-40T99:99:00Z']) {
      expect(crewActionSchema.safeParse(arrive(at)).success, at).toBe(false);
    }
  });
});
