import { describe, expect, it } from 'vitest';
import { translate } from './catalogues.ts';
import { createTranslator } from './translate.ts';

const t = createTranslator<string>({
  pt: {
    greeting: 'Olá, {{name}}',
    onlyPt: 'Só em português',
    group: { item: 'Item' },
    files_one: '{{count}} arquivo',
    files_other: '{{count}} arquivos',
    total: '{{total, number}} no total',
    spaced: '{{ name }}!',
  },
  en: { greeting: 'Hello, {{name}}', files_one: '{{count}} file', files_other: '{{count}} files' },
});

describe('createTranslator', () => {
  it('fills placeholders without escaping (the e-mail templates escape for themselves)', () => {
    expect(t('en', 'greeting', { name: '<b>Ana & Bia</b>' })).toBe('Hello, <b>Ana & Bia</b>');
    expect(t('pt', 'spaced', { name: 'Ana' })).toBe('Ana!');
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(t('pt', 'greeting')).toBe('Olá, {{name}}');
    expect(t('pt', 'greeting', { other: 1 })).toBe('Olá, {{name}}');
  });

  it('falls back to Portuguese, then to the key itself', () => {
    expect(t('en', 'onlyPt')).toBe('Só em português');
    expect(t('en', 'no.such.key')).toBe('no.such.key');
    expect(t('pt', 'group')).toBe('group');
    expect(t('pt', 'group.item')).toBe('Item');
  });

  it('picks the plural form from count and formats numbers by language, as the web app does', () => {
    expect(t('en', 'files', { count: 1 })).toBe('1 file');
    expect(t('en', 'files', { count: 2 })).toBe('2 files');
    expect(t('pt', 'files', { count: 1 })).toBe('1 arquivo');
    expect(t('pt', 'total', { total: 1234 })).toBe('1.234 no total');
    expect(t('en', 'total', { total: 1234 })).toBe('1,234 no total');
  });

  it('renders the catalogues’ plural and number messages', () => {
    expect(translate('en', 'admin-operations.operations.list.results', { count: 1234 })).toBe('1,234 requests found');
    expect(translate('pt', 'admin-operations.operations.list.results', { count: 1 })).toBe('1 solicitação encontrada');
    expect(translate('pt', 'common.errors.rateLimited', { seconds: 42 })).toContain('42 segundos');
  });
});
