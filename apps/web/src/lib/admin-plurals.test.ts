// Counts on the admin's screens read right in both languages (issue 35): every key that
// interpolates {{count}} has its plural forms, and 0 reads as nothing rather than as one
// (pt's plural rule puts 0 with 1: "0 pessoa acompanha").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueName } from '@acende/shared/i18n/message-key';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue, i18n, setLanguage } from './i18n.ts';

const root = join(import.meta.dirname, '../../../../packages/shared/src/i18n');
const names = readdirSync(join(root, 'pt'))
  .filter((file) => file.startsWith('admin-') || file.startsWith('followers.'))
  .map((file) => file.slice(0, -'.json'.length) as CatalogueName);
const read = (language: string, name: string) =>
  JSON.parse(readFileSync(join(root, language, `${name}.json`), 'utf8')) as Record<string, unknown>;

/** Keys whose count is not a quantity of things said in words (a label's value, a unit). */
const NOT_PLURAL = new Set([
  'admin-access.twoFactor.statusOn', // "Códigos de recuperação restantes: 2."
  'admin-operations.operations.dashboard.chartSummary', // "Abertas: 2"
  'admin-operations.operations.bulk.selectAllMatching', // "Selecionar todas do filtro (2)"
  'admin-poles.poles.import.errorsShown', // shown only when more errors than the 20 shown
  'admin-poles.poles.import.adjustmentsShown', // likewise, past the 100 adjustments shown
  'admin-poles.poles.import.rowErrors.extraValues', // more values than columns: never 1
  'admin-reports.reports.days.open', // "2 d", a unit
  'admin-reports.reports.days.toComplete',
]);

function leaves(tree: Record<string, unknown>, prefix: string): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value]]
      : leaves(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

beforeAll(() => {
  for (const name of names)
    for (const language of ['pt', 'en'] as const) addCatalogue(language, name, read(language, name));
});
afterAll(() => setLanguage('pt'));

describe('admin plurals', () => {
  it.each(['pt', 'en'])('gives every %s count its singular and plural', (language) => {
    const missing = names.flatMap((name) =>
      leaves(read(language, name), `${name}.`)
        .filter(([key, text]) => /\{\{count\b/.test(text) && !/_(zero|one|other)$/.test(key) && !NOT_PLURAL.has(key))
        .map(([key]) => key),
    );
    expect(missing).toEqual([]);
  });

  it('reads 0, 1 and 2 right in Portuguese and English', async () => {
    const key = 'followers.duplicates.followers';
    const say = (count: number) => i18n.t(key, { count });
    await setLanguage('pt');
    expect([0, 1, 2].map(say)).toEqual([
      'Nenhuma pessoa acompanha esta solicitação',
      '1 pessoa acompanha esta solicitação',
      '2 pessoas acompanham esta solicitação',
    ]);
    expect(i18n.t('admin-reports.reports.summary.completedCount', { count: 1 })).toBe('1 solicitação concluída');
    expect(i18n.t('admin-poles.poles.import.import', { count: 1 })).toBe('Importar 1 poste');
    expect(i18n.t('admin-access.users.pageInfo', { page: 1, pages: 1, count: 1 })).toBe('Página 1 de 1 (1 usuário)');
    expect(i18n.t('admin-operations.operations.dashboard.overdueCount', { count: 0 })).toBe('Nenhuma atrasada');
    await setLanguage('en');
    expect([0, 1, 2].map(say)).toEqual([
      'No one follows this request',
      '1 person follows this request',
      '2 people follow this request',
    ]);
    expect(i18n.t('admin-poles.poles.import.import', { count: 1 })).toBe('Import 1 pole');
  });
});
