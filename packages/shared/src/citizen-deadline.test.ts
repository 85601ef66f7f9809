import { describe, expect, it } from 'vitest';
import { citizenDeadline, formatDueDate } from './citizen-deadline.ts';

const dueAt = '2026-12-01T15:00:00.000Z';
const due = Date.parse(dueAt);

describe('the citizen’s deadline line', () => {
  it('is due until the due time and passed strictly after it, while open or in progress', () => {
    for (const status of ['open', 'in_progress']) {
      expect(citizenDeadline({ status, dueAt }, due - 1)).toEqual({ kind: 'due', dueAt });
      expect(citizenDeadline({ status, dueAt }, due)).toEqual({ kind: 'due', dueAt });
      expect(citizenDeadline({ status, dueAt }, due + 1)).toEqual({ kind: 'passed', dueAt });
    }
  });

  it('is paused while cancelled, and says nothing of a merged duplicate, a completed request or no due time', () => {
    expect(citizenDeadline({ status: 'cancelled', dueAt: null }, due)).toEqual({ kind: 'paused' });
    expect(citizenDeadline({ status: 'cancelled', dueAt: null, duplicateOf: 7 }, due)).toBeNull();
    expect(citizenDeadline({ status: 'completed', dueAt }, due - 1)).toBeNull();
    expect(citizenDeadline({ status: 'open', dueAt: null }, due)).toBeNull();
  });

  it('names the day in São Paulo, the same in both languages', () => {
    expect(formatDueDate(dueAt, 'pt')).toBe('01/12/2026');
    expect(formatDueDate(dueAt, 'en')).toBe('01/12/2026');
    // 01:30 UTC is still the evening before in São Paulo (UTC−3).
    expect(formatDueDate('2026-12-02T01:30:00.000Z', 'pt')).toBe('01/12/2026');
  });
});
