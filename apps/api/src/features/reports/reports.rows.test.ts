import type { RequestStatus } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { AreaReportRow } from '@acende/shared/schemas/reports';
import { describe, expect, it } from 'vitest';
import { rankAreas, UNRESOLVED_STATUSES } from './reports.rows.ts';

const row = (key: string, counts: Partial<Record<RequestStatus, number>>): AreaReportRow => {
  const byStatus = { open: 0, in_progress: 0, completed: 0, cancelled: 0, ...counts };
  const [city, district] = key.split('|');
  return {
    key,
    city: city || null,
    district: district || null,
    total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    share: 0,
    medianSeconds: null,
  };
};

describe('the area report ranks by what its title says', () => {
  it('names the statuses it ranks by in its description, in both languages', () => {
    for (const language of ['pt', 'en'] as const) {
      const description = translate(language, 'admin-reports.reports.kinds.area.description').toLowerCase();
      for (const status of UNRESOLVED_STATUSES)
        expect(description, language).toContain(translate(language, `common.status.${status}`).toLowerCase());
      expect(description, language).not.toContain(translate(language, 'common.status.completed').toLowerCase());
    }
  });

  it('puts the areas with the most unresolved requests (open or in progress) first, then the busiest', () => {
    const ranked = rankAreas([
      row('Porto Alegre|Centro', { open: 2, completed: 9 }),
      row('Porto Alegre|Moinhos', { open: 1, in_progress: 2 }),
      row('|', { open: 1, in_progress: 2, cancelled: 1 }),
      row('Canoas|Centro', { completed: 20 }),
      row('Canoas|Niterói', { in_progress: 2, completed: 1 }),
    ]);
    expect(ranked.map((r) => r.key)).toEqual([
      // 3 unresolved each: the one with more requests first.
      '|',
      'Porto Alegre|Moinhos',
      // 2 unresolved each: the busier first.
      'Porto Alegre|Centro',
      'Canoas|Niterói',
      'Canoas|Centro',
    ]);
  });
});
