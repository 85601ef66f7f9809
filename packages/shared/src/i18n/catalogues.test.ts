import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, translate } from './catalogues.ts';
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
    // Read from the files, so plural forms come by their full key (results_one).
    for (const key of keys(pt)) expect(translate('pt', key as MessageKey).trim()).not.toBe('');
  });

  it('registers every catalogue file in both languages', () => {
    const registered = Object.keys(NAMESPACES.pt).map((n) => `${n}.json`);
    expect(registered.sort()).toEqual(files.sort());
    expect(Object.keys(NAMESPACES.en).sort()).toEqual(Object.keys(NAMESPACES.pt).sort());
  });

  it('holds the spec wording for required messages', () => {
    expect(translate('pt', 'validation.phone.required')).toBe('O telefone é obrigatório');
    expect(translate('en', 'validation.phone.required')).toBe('Phone number is required');
    expect(translate('en', 'track.notFound')).toBe('Request not found');
    expect(translate('en', 'company.empty')).toBe('No energy companies available at the moment');
    expect(translate('en', 'toast.location.error')).toBe('Could not get your location. Please provide it manually.');
    expect(translate('pt', 'errors.rateLimited', { seconds: 42 })).toContain('42 segundos');
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
