import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths.ts';

describe('isPagePath', () => {
  it('knows the public pages, with their parameters, a trailing slash, any case and a query', () => {
    for (const path of ['/', '/track', '/track/', '/track/42', '/TRACK/42?token=abc', '/privacy', '/accessibility'])
      expect(isPagePath(path), path).toBe(true);
  });

  it("knows a pole's QR address, /p/{companyId}/{number} (decision 20)", () => {
    for (const path of ['/p/1/PA-0042', '/p/12/pa.0042_b', '/p/1/PA%2F0042', '/P/1/PA-0042/'])
      expect(isPagePath(path), path).toBe(true);
    for (const path of ['/p', '/p/', '/p/1', '/p/1/', '/p/1/PA/more']) expect(isPagePath(path), path).toBe(false);
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
