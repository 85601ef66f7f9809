import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPES, REQUEST_STATUSES, ROLES } from '../enums.ts';
import { NAMESPACES, translate } from './catalogues.ts';
import { keyUseProblem, keyUses } from './key-uses.test-support.ts';
import type { MessageKey } from './message-key.ts';
import { type Catalogue, languageFromHeader } from './translate.ts';

function keys(node: Catalogue, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

const dir = import.meta.dirname;

describe('message catalogues', () => {
  const files = readdirSync(join(dir, 'pt')).filter((f) => f.endsWith('.json'));

  it('have the same files in pt and en', () => {
    expect(
      readdirSync(join(dir, 'en'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(files.sort());
  });

  it.each(files)('%s has the same keys in pt and en, none empty', (file) => {
    const pt = JSON.parse(readFileSync(join(dir, 'pt', file), 'utf8')) as Catalogue;
    const en = JSON.parse(readFileSync(join(dir, 'en', file), 'utf8')) as Catalogue;
    expect(keys(en).sort()).toEqual(keys(pt).sort());
    // Read from the files, so plural forms come by their full key (results_one), led by the file's name.
    const name = file.slice(0, -'.json'.length);
    for (const key of keys(pt)) {
      for (const language of ['pt', 'en'] as const) {
        const text = translate(language, `${name}.${key}` as MessageKey);
        expect(text.trim(), `${language} ${name}.${key}`).not.toBe('');
        expect(text, `${language} ${name}.${key}`).not.toBe(`${name}.${key}`);
      }
    }
  });

  it('registers every catalogue file in both languages', () => {
    const registered = Object.keys(NAMESPACES.pt).map((n) => `${n}.json`);
    expect(registered.sort()).toEqual(files.sort());
    expect(Object.keys(NAMESPACES.en).sort()).toEqual(Object.keys(NAMESPACES.pt).sort());
  });

  it('holds the spec wording for required messages', () => {
    expect(translate('pt', 'common.validation.phone.required')).toBe('O telefone é obrigatório');
    expect(translate('en', 'common.validation.phone.required')).toBe('Phone number is required');
    expect(translate('en', 'public.track.notFound')).toBe('Request not found');
    expect(translate('en', 'public.company.empty')).toBe('No energy companies available at the moment');
    expect(translate('en', 'public.toast.location.error')).toBe(
      'Could not get your location. Please provide it manually.',
    );
    expect(translate('pt', 'common.errors.rateLimited', { seconds: 42 })).toContain('42 segundos');
  });
});

describe('every key used in the source', () => {
  // The literals of apps/, packages/, e2e/, tests/, scripts/ and bench/ that are keys, as
  // key-uses.test-support.ts finds them; the codemod of issue 34 rewrote them to this form.
  const uses = keyUses();

  it('finds the key uses (a scan that found none would pass anything)', () => {
    expect(uses.length).toBeGreaterThan(1500);
    expect(uses.filter((u) => u.head).length).toBeGreaterThan(100);
  });

  it('is led by the name of the file that defines it, and that file defines it', () => {
    const problems = uses.flatMap((use) => {
      const problem = keyUseProblem(use.text, use.head);
      return problem ? [`${use.where} ${use.head ? `\`${use.text}\${…}\`` : `'${use.text}'`}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('holds the labels the computed keys ask for, one per value, in both languages', () => {
    for (const language of ['pt', 'en'] as const) {
      const keys: MessageKey[] = [
        ...REQUEST_STATUSES.map((s) => `common.status.${s}` as const),
        ...PROBLEM_TYPES.map((p) => `common.problemType.${p}` as const),
        ...ROLES.map((r) => `admin-access.roles.${r}` as const),
      ];
      for (const key of keys) expect(translate(language, key), key).not.toBe(key);
    }
  });

  it('refuses a key whose first segment is not a file, or whose file does not define it', () => {
    expect(keyUseProblem('errors.storageFull')).toBe("not led by its file's name: common.errors.storageFull");
    expect(keyUseProblem('admin.errors.storageFull')).toBe("not led by its file's name: common.errors.storageFull");
    expect(keyUseProblem('public.errors.storageFull')).toBe('public.json has no errors.storageFull');
    expect(keyUseProblem('status.', true)).toBe("not led by its file's name: common.status.");
    expect(keyUseProblem('common.status.', true)).toBeUndefined();
    expect(keyUseProblem('public.status.', true)).toBe('public.json has no key under status.');
    expect(keyUseProblem('common.errors.storageFull')).toBeUndefined();
    expect(keyUseProblem('admin-operations.operations.list.results')).toBeUndefined(); // a plural's base
    expect(keyUseProblem('admin-reports.reports.columns')).toBeUndefined(); // a group
    expect(keyUseProblem('app.config.ts')).toBeUndefined(); // not a key at all
  });
});

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'pt'],
    ['', 'pt'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['pt-BR,pt;q=0.9,en;q=0.8', 'pt'],
    ['fr-FR, en;q=0.5', 'en'],
    ['de', 'pt'],
    ['en;q=0, pt', 'pt'],
  ])('%s → %s', (header, expected) => {
    expect(languageFromHeader(header)).toBe(expected);
  });
});
