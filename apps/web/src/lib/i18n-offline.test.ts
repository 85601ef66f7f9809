// The English catalogues are a chunk of their own: when it cannot be fetched, switching
// changes nothing: the page stays readable in Portuguese and the choice is not stored.
import { describe, expect, it, vi } from 'vitest';
import { currentLanguage, setLanguage } from './i18n.ts';

vi.mock('./i18n-en.ts', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('switching to English without its chunk', () => {
  it('keeps Portuguese and stores nothing', async () => {
    localStorage.removeItem('acende.language');
    await expect(setLanguage('en')).rejects.toThrow();
    expect(currentLanguage()).toBe('pt');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(localStorage.getItem('acende.language')).toBeNull();
  });
});
