import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths.ts';

describe('isPagePath', () => {
  it('knows the public pages, with their parameters, a trailing slash, any case and a query', () => {
    for (const path of ['/', '/track', '/track/', '/track/42', '/TRACK/42?token=abc', '/privacy', '/accessibility'])
      expect(isPagePath(path), path).toBe(true);
  });

  it('knows the back office pages below /admin', () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/login',
      '/admin/requests/7',
      '/admin/users/3/edit',
      '/admin/reports/area',
    ])
      expect(isPagePath(path), path).toBe(true);
  });

  it('refuses any other path', () => {
    for (const path of [
      '/nope',
      '//',
      '/track/42/more',
      '/track//',
      '/admin/nope',
      '/admin/users/3',
      '/admin/requests/7/x',
      '/favicon.png',
      '/index.html',
    ])
      expect(isPagePath(path), path).toBe(false);
  });
});
