import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides tracking, reset and sign-in link tokens', () => {
    expect(redactUrl('/admin/sign-in-link/SeCrEt-link')).toBe('/admin/sign-in-link/[redacted]');
    expect(redactUrl('/api/repair-requests/12?t=abcDEF_123')).toBe('/api/repair-requests/12?t=[redacted]');
    expect(redactUrl('/admin/reset-password/SeCrEt-token?x=1')).toBe('/admin/reset-password/[redacted]?x=[redacted]');
    expect(redactUrl('/x?resetToken=1&%74=2')).toBe('/x?resetToken=[redacted]&%74=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('hides every query value that can name a person, keeping paging and fixed filters', () => {
    expect(redactUrl('/api/admin/repair-requests?page=2&q=Maria%20Souza&status=open')).toBe(
      '/api/admin/repair-requests?page=2&q=[redacted]&status=open',
    );
    expect(redactUrl('/api/admin/repair-requests?q=(51)%2099876-4321&companyId=3&pageSize=50')).toBe(
      '/api/admin/repair-requests?q=[redacted]&companyId=3&pageSize=50',
    );
    expect(redactUrl('/api/admin/reports/requests.csv?q=99876&area=Porto%20Alegre%7CCentro&startDate=2026-01-01')).toBe(
      '/api/admin/reports/requests.csv?q=[redacted]&area=[redacted]&startDate=2026-01-01',
    );
    expect(redactUrl('/api/geocode?lat=-30.02&lon=-51.22')).toBe('/api/geocode?lat=[redacted]&lon=[redacted]');
    expect(redactUrl('/track/12?lang=en&t=abc&x=1')).toBe('/track/12?lang=en&t=[redacted]&x=[redacted]');
    // Unknown keys, bare keys and encoded key names are values too; empty values stay empty.
    expect(redactUrl('/x?%71=Maria&Maria%20Souza&q=&page')).toBe('/x?%71=[redacted]&[redacted]&q=&page');
  });
});
