import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides tracking and reset tokens, keeps the rest', () => {
    expect(redactUrl('/api/repair-requests/12?t=abcDEF_123')).toBe('/api/repair-requests/12?t=[redacted]');
    expect(redactUrl('/track/12?lang=en&t=abc&x=1')).toBe('/track/12?lang=en&t=[redacted]&x=1');
    expect(redactUrl('/admin/reset-password/SeCrEt-token?x=1')).toBe('/admin/reset-password/[redacted]?x=1');
    expect(redactUrl('/x?resetToken=1&%74=2')).toBe('/x?resetToken=[redacted]&%74=[redacted]');
    expect(redactUrl('/api/admin/repair-requests?page=2&q=rua')).toBe('/api/admin/repair-requests?page=2&q=rua');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
